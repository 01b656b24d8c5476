/* SPDX-License-Identifier: MIT */
/*
 * platform/pow2_table.h - 2^0 .. 2^63, the table behind the register-field
 * helpers' pow2_u64() (platform/clk_basic.c, platform/omap4/omap4_clk.c):
 * a gate's 1 << bit, a field's mask and a power-of-two divider are one
 * load, whatever the bit (issue 25), where a loop of doublings cost four
 * instructions a bit.
 *
 * static const, so that each proof unit that includes it sees the
 * initializer (WP reads the values of const globals, -wp-init-const, on by
 * default) and proves its own pow2_u64() equal to its logic 2^n
 * (clk_pow2, o4c_pow2) from them: nothing is assumed across units.  It
 * costs 512 bytes of read-only data in each object that includes it.
 * Freestanding C11.
 */
#ifndef VCLK_POW2_TABLE_H
#define VCLK_POW2_TABLE_H

/* vclk_pow2_table[n] == 2^n, for 0 <= n <= 63 */
static const unsigned long long vclk_pow2_table[64] = {
	1ull,                   2ull,                   /* 2^0, 2^1 */
	4ull,                   8ull,                   /* 2^2, 2^3 */
	16ull,                  32ull,                  /* 2^4, 2^5 */
	64ull,                  128ull,                 /* 2^6, 2^7 */
	256ull,                 512ull,                 /* 2^8, 2^9 */
	1024ull,                2048ull,                /* 2^10, 2^11 */
	4096ull,                8192ull,                /* 2^12, 2^13 */
	16384ull,               32768ull,               /* 2^14, 2^15 */
	65536ull,               131072ull,              /* 2^16, 2^17 */
	262144ull,              524288ull,              /* 2^18, 2^19 */
	1048576ull,             2097152ull,             /* 2^20, 2^21 */
	4194304ull,             8388608ull,             /* 2^22, 2^23 */
	16777216ull,            33554432ull,            /* 2^24, 2^25 */
	67108864ull,            134217728ull,           /* 2^26, 2^27 */
	268435456ull,           536870912ull,           /* 2^28, 2^29 */
	1073741824ull,          2147483648ull,          /* 2^30, 2^31 */
	4294967296ull,          8589934592ull,          /* 2^32, 2^33 */
	17179869184ull,         34359738368ull,         /* 2^34, 2^35 */
	68719476736ull,         137438953472ull,        /* 2^36, 2^37 */
	274877906944ull,        549755813888ull,        /* 2^38, 2^39 */
	1099511627776ull,       2199023255552ull,       /* 2^40, 2^41 */
	4398046511104ull,       8796093022208ull,       /* 2^42, 2^43 */
	17592186044416ull,      35184372088832ull,      /* 2^44, 2^45 */
	70368744177664ull,      140737488355328ull,     /* 2^46, 2^47 */
	281474976710656ull,     562949953421312ull,     /* 2^48, 2^49 */
	1125899906842624ull,    2251799813685248ull,    /* 2^50, 2^51 */
	4503599627370496ull,    9007199254740992ull,    /* 2^52, 2^53 */
	18014398509481984ull,   36028797018963968ull,   /* 2^54, 2^55 */
	72057594037927936ull,   144115188075855872ull,  /* 2^56, 2^57 */
	288230376151711744ull,  576460752303423488ull,  /* 2^58, 2^59 */
	1152921504606846976ull, 2305843009213693952ull, /* 2^60, 2^61 */
	4611686018427387904ull, 9223372036854775808ull, /* 2^62, 2^63 */
};

#endif /* VCLK_POW2_TABLE_H */
