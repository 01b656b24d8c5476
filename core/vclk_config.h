/* SPDX-License-Identifier: MIT */
/*
 * vclk compile-time configuration.
 *
 * Every bound of the static pools lives here, so that the proof run, the
 * host build and the firmware build see the same numbers (the Makefile
 * passes the same -D overrides to all three).
 */
#ifndef VCLK_CONFIG_H
#define VCLK_CONFIG_H

/* Number of clocks the pool can hold (ids 0 .. VCLK_MAX_CLOCKS-1). */
#ifndef VCLK_MAX_CLOCKS
#define VCLK_MAX_CLOCKS 64
#endif

/* Number of consumer handles (clk_get) that may be held at once. */
#ifndef VCLK_MAX_CONSUMERS
#define VCLK_MAX_CONSUMERS 128
#endif

/* Possible parents of one clock (mux inputs). */
#ifndef VCLK_MAX_PARENTS
#define VCLK_MAX_PARENTS 8
#endif

/* Bytes for a clock name, terminator included. */
#ifndef VCLK_NAME_LEN
#define VCLK_NAME_LEN 32
#endif

/* Rate-change notifier blocks registered at once (all clocks). */
#ifndef VCLK_MAX_NOTIFIERS
#define VCLK_MAX_NOTIFIERS 32
#endif

/* Parent rates tried per CLK_SET_RATE_PARENT clock when rounding; the
 * search is exponential in the length of a chain of such clocks, as in
 * Linux's divider, so keep it small. */
#ifndef VCLK_MAX_RATE_CANDIDATES
#define VCLK_MAX_RATE_CANDIDATES 32
#endif

/* clkdev lookup entries (dev_id, con_id) -> clock name, all devices. */
#ifndef VCLK_MAX_LOOKUPS
#define VCLK_MAX_LOOKUPS 32
#endif

/* Elements one clk_bulk_*() call may take; bounds the proof's loops. */
#ifndef VCLK_MAX_BULK
#define VCLK_MAX_BULK 64
#endif

/*
 * Handle slots: one per clock (the provider-side handle that
 * clk_get_parent() returns, like Linux's hw->clk) followed by the
 * consumer handles.
 */
#define VCLK_NR_HANDLES (VCLK_MAX_CLOCKS + VCLK_MAX_CONSUMERS)

#endif /* VCLK_CONFIG_H */
