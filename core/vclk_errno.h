/* SPDX-License-Identifier: MIT */
/*
 * Error numbers returned (negated) by the vclk API.
 *
 * The core may not include <errno.h> (freestanding), so the values are
 * spelled out here; they are the Linux values, which glibc shares.
 */
#ifndef VCLK_ERRNO_H
#define VCLK_ERRNO_H

#define VCLK_ENOENT        2
#define VCLK_EIO           5
#define VCLK_ENOMEM       12
#define VCLK_EBUSY        16
#define VCLK_EEXIST       17
#define VCLK_EINVAL       22
#define VCLK_EDEADLK      35
#define VCLK_ENAMETOOLONG 36
#define VCLK_EOVERFLOW    75
#define VCLK_ESHUTDOWN   108
#define VCLK_ETIMEDOUT   110

/* Provider ops return 0 or a value in [-VCLK_MAX_ERRNO, -1]. */
#define VCLK_MAX_ERRNO  4095

#endif /* VCLK_ERRNO_H */
