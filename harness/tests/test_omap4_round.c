/* SPDX-License-Identifier: MIT */
/* harness/tests/test_omap4_round.c - OMAP4 platform tests (issue 6) */
#include "tharness.h"

const struct vt_test vt_tests_omap4_round[] = {
	{ NULL, NULL },
};
