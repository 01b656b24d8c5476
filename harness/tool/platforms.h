/* SPDX-License-Identifier: MIT */
/*
 * harness/tool/platforms.h - the SoC trees built into the vclk tool, so
 * that `vclk run --platform omap4430 SCRIPT` needs no path to the source
 * tree.  The table is generated at build time from the .clk files of platform/<soc>/ by
 * harness/tool/embed-trees.sh.
 */
#ifndef VCLK_TOOL_PLATFORMS_H
#define VCLK_TOOL_PLATFORMS_H

/**
 * struct vclk_platform - one built-in tree
 * @name: what --platform takes ("omap4430")
 * @path: the source file, the name parse messages give
 * @text: the .clk text
 */
struct vclk_platform {
	const char *name;
	const char *path;
	const char *text;
};

/* ends with an entry whose @name is NULL */
extern const struct vclk_platform vclk_platforms[];

#endif
