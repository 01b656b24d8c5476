/* SPDX-License-Identifier: MIT */
/*
 * vclk/version.h - the library's version, as numbers and as a string.
 *
 * The version follows CHANGELOG.md: the minor number grows with each
 * release that adds to the API, the patch number with each release that
 * only mends; while the major number is 0 the API may still change.
 */
#ifndef VCLK_VERSION_H
#define VCLK_VERSION_H

#define VCLK_VERSION_MAJOR 0
#define VCLK_VERSION_MINOR 1
#define VCLK_VERSION_PATCH 0

/* "0.1.0" */
#define VCLK_VERSION_STR_(x) #x
#define VCLK_VERSION_STR(x) VCLK_VERSION_STR_(x)
#define VCLK_VERSION_STRING                                                   \
	VCLK_VERSION_STR(VCLK_VERSION_MAJOR) "." VCLK_VERSION_STR(             \
		VCLK_VERSION_MINOR) "." VCLK_VERSION_STR(VCLK_VERSION_PATCH)

/* one number that compares as the version does: 0.1.0 -> 100 */
#define VCLK_VERSION_NUMBER                                                   \
	(VCLK_VERSION_MAJOR * 10000 + VCLK_VERSION_MINOR * 100 +               \
	 VCLK_VERSION_PATCH)

#endif /* VCLK_VERSION_H */
