# SPDX-License-Identifier: MIT
#
# harness/pubhdr/stage.sh - sourced by check.sh and examples.sh: a scratch
# install of vclk, found by pkg-config as an installed vclk is.  The
# caller sets $tmp (a scratch directory) and $MAKE.
#
#   prefix  the PREFIX the install is made for (/opt/vclk)
#   stage   the DESTDIR it is staged under ($tmp/stage)
#   inst    where its files are ($stage$prefix)
#
# stage_install LOG: make install DESTDIR=$stage PREFIX=$prefix, its
# output in LOG; its exit status.

prefix=/opt/vclk
stage=$tmp/stage
inst=$stage$prefix
export PKG_CONFIG_PATH=$inst/lib/pkgconfig
# the .pc names $prefix; a staged install is found through the sysroot
export PKG_CONFIG_SYSROOT_DIR=$stage

stage_install() {
	$MAKE -s --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" >"$1" 2>&1
}
