#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# harness/pubhdr/gen-config.sh CC [VCLK_DEFS...] - print vclk/config.h, the
# pool sizes (core/vclk_config.h) as the library is built with them: the
# values after the -D overrides, so that an installed header never claims
# a limit the library was not compiled with.
set -euo pipefail

cc=$1
shift
cd "$(dirname "$0")/../.."

cat <<'HEAD'
/* SPDX-License-Identifier: MIT */
/*
 * vclk/config.h - the static pools' sizes this library was built with
 * (core/vclk_config.h after the build's VCLK_DEFS overrides; written by
 * harness/pubhdr/gen-config.sh at build time).  A program may read them,
 * never change them: the library's pools are already this size.
 */
#ifndef VCLK_PUBLIC_CONFIG_H
#define VCLK_PUBLIC_CONFIG_H

HEAD
"$cc" -E -dM "$@" core/vclk_config.h </dev/null |
	grep -E '^#define VCLK_[A-Z_]+ ' | grep -v '^#define VCLK_CONFIG_H' | sort
cat <<'TAIL'

#endif /* VCLK_PUBLIC_CONFIG_H */
TAIL
