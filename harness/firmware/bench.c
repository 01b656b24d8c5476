/* SPDX-License-Identifier: MIT */
/*
 * harness/firmware/bench.c - `make bench-firmware`: what clk_enable +
 * clk_disable of the leaf of a chain of gates cost on Cortex-M3, counted
 * in instructions under qemu (lm3s6965evb), with the firmware's objects
 * and flags (the same link as harness/firmware/selftest.c).
 *
 * The counter.  qemu has no DWT cycle counter, but with -icount shift=0
 * every guest instruction advances its virtual clock by exactly 1 ns,
 * and the SysTick timer, clocked from the CPU clock (CLKSOURCE = 1),
 * counts down on that virtual clock: one tick is 1e9 / FW_BENCH_CPU_HZ
 * instructions.  A loop of known length (subs + bne) is timed first and
 * printed as the calibration; if it does not come out at its known count
 * (qemu run without -icount shift=0, or another CPU clock) the figures
 * would be wrong, so the run fails instead of reporting them.
 *
 * The measurement is the host benchmark's (harness/bench/bench.c,
 * gate_chain() and loop_enable()): a fixed 24 MHz root under @depth gates,
 * the leaf prepared and its parents not enabled, so that every clk_enable
 * walks and opens the whole chain and every clk_disable closes it again.
 * The gates' register is in the RAM register block of lm3s6965.ld, driven
 * through the MMIO back-end.  FW_BENCH_CALLS calls minus zero calls, so
 * the timer reads and the call of the loop cancel out; the loop's own
 * increment and test stay in the figure, as on the host.
 *
 * Prints one line per figure on the semihosting console:
 *   fw-calibration: ...
 *   fw-enable depth D: K instructions per call (N calls)
 * A benchmark reports and does not judge: main() returns non-zero only
 * when the run did not work (an API error, a counter wrap, a calibration
 * that does not match).
 */
#include <stddef.h>
#include <stdint.h>
#include "vclk.h"
#include "vclk_provider.h"
#include "clk_basic.h"
#include "semihost.h"

/*
 * qemu's lm3s6965evb system clock: 200 MHz / (RCC.SYSDIV + 1), and
 * RCC's reset value has SYSDIV = 15, so 12.5 MHz (hw/arm/stellaris.c,
 * ssys_calculate_system_clock()).  Nothing here reprograms RCC.
 */
#define FW_BENCH_CPU_HZ 12500000u
/* -icount shift=0: one instruction is 1 ns of virtual time */
#define INSNS_PER_TICK (1000000000u / FW_BENCH_CPU_HZ)
_Static_assert(1000000000u % FW_BENCH_CPU_HZ == 0,
	       "a whole number of instructions a SysTick tick");

#ifndef FW_BENCH_CALLS
#define FW_BENCH_CALLS 10000u
#endif
/* the calibration loop runs this many and twice as many iterations */
#define CALIBRATION_ITERATIONS 1000000u
/* the deepest chain measured; the host benchmark's depths 1 and 8 */
#define MAX_DEPTH 8

/* ==================== SysTick (ARMv7-M, B3.3) ==================== */

#define SYST_CSR ((volatile uint32_t *)0xe000e010u)
#define SYST_RVR ((volatile uint32_t *)0xe000e014u)
#define SYST_CVR ((volatile uint32_t *)0xe000e018u)
#define SYST_CSR_ENABLE    (1u << 0)
#define SYST_CSR_CLKSOURCE (1u << 2)	/* the CPU clock, not the reference */
#define SYST_CSR_COUNTFLAG (1u << 16)	/* reached 0 since the last read */
#define SYST_MAX 0x00ffffffu		/* a 24-bit down-counter */

/* ==================== output without a C library ==================== */

static void put(const char *s)
{
	semihost_write0(s);
}

static int failed;

static void fail(const char *what, long ret)
{
	failed = 1;
	put("fw-bench: ");
	put(what);
	if (ret < 0) {
		put(": -");
		semihost_write_num(-(long)ret);
	}
	put("\n");
}

/* ==================== the counter ==================== */

/*
 * Start the counter at its top: a write to CVR clears it, the next tick
 * reloads it from RVR.  Reading CSR afterwards clears COUNTFLAG, so that
 * the flag set later means the counter wrapped during the measurement.
 */
static uint32_t counter_start(void)
{
	*SYST_CSR = 0;
	*SYST_RVR = SYST_MAX;
	*SYST_CVR = 0;
	*SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_CLKSOURCE;
	while (*SYST_CVR == 0)
		;
	(void)*SYST_CSR;
	return *SYST_CVR;
}

/* ticks since @start, or 0 with the run failed when the counter wrapped
 * (2^24 ticks: over a billion instructions, far more than any loop here) */
static uint32_t counter_ticks_since(uint32_t start)
{
	uint32_t now = *SYST_CVR;

	if (*SYST_CSR & SYST_CSR_COUNTFLAG) {
		fail("SysTick wrapped during a measurement", 0);
		return 0;
	}
	return start - now;
}

/* ==================== the measured loops ==================== */

/* subs + bne: exactly 2 * @n instructions (n >= 1); noinline, so that
 * both calibration runs execute the same code */
static __attribute__((noinline)) void spin(uint32_t n)
{
	__asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(n) : : "cc");
}

static uint32_t ticks_of_spin(uint32_t n)
{
	uint32_t start = counter_start();

	spin(n);
	return counter_ticks_since(start);
}

/* as harness/bench/bench.c's loop_enable(); noinline, so that every
 * depth and count runs the same code */
static __attribute__((noinline)) void loop_enable(struct clk *leaf, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		int ret = clk_enable(leaf);

		if (ret) {
			fail("clk_enable", ret);
			return;
		}
		clk_disable(leaf);
	}
}

static uint32_t ticks_of_enable(struct clk *leaf, uint32_t n)
{
	uint32_t start = counter_start();

	loop_enable(leaf, n);
	return counter_ticks_since(start);
}

/* ==================== the chain ==================== */

extern uint32_t __regblock_start[];

static struct clk_fixed_cfg osc_cfg = { .rate = 24000000UL };
static struct clk_gate_cfg gate_cfg[MAX_DEPTH];
static char names[MAX_DEPTH][4];
static const char *parent_of[MAX_DEPTH][1];

/*
 * a chain of @depth gates "g0".."g<depth-1>" under "osc", their enable
 * bits 0..depth-1 of the first register of the RAM block; returns the
 * prepared leaf, or NULL with the run failed
 */
static struct clk *gate_chain(int depth)
{
	struct vclk_init_data root = { .name = "osc", .ops = &clk_fixed_ops,
				       .priv = &osc_cfg };
	struct clk *leaf;
	int ret;

	vclk_reset();
	*__regblock_start = 0;
	ret = vclk_register(&root);
	if (ret < 0) {
		fail("vclk_register(osc)", ret);
		return NULL;
	}
	for (int i = 0; i < depth; i++) {
		struct vclk_init_data init = {
			.name = names[i], .parent_names = parent_of[i],
			.num_parents = 1, .ops = &clk_gate_ops,
			.priv = &gate_cfg[i],
		};

		names[i][0] = 'g';
		names[i][1] = (char)('0' + i);
		names[i][2] = 0;
		parent_of[i][0] = i == 0 ? "osc" : names[i - 1];
		gate_cfg[i] = (struct clk_gate_cfg){
			.reg = (uint32_t)(uintptr_t)__regblock_start,
			.bit = (unsigned int)i,
		};
		ret = vclk_register(&init);
		if (ret < 0) {
			fail("vclk_register(gate)", ret);
			return NULL;
		}
	}
	leaf = clk_get(NULL, names[depth - 1]);
	if (!leaf) {
		fail("clk_get(leaf)", 0);
		return NULL;
	}
	ret = clk_prepare(leaf);
	if (ret) {
		fail("clk_prepare(leaf)", ret);
		return NULL;
	}
	return leaf;
}

/* ==================== the run ==================== */

/* instructions per call, to the nearest: (ticks(n) - ticks(0)) ticks */
static uint32_t per_call(uint32_t ticks_n, uint32_t ticks_0, uint32_t n)
{
	uint64_t insns = (uint64_t)(ticks_n - ticks_0) * INSNS_PER_TICK;

	return (uint32_t)((insns + n / 2) / n);
}

/*
 * the known loop, n and 2n iterations: the difference is 2n instructions
 * exactly; the counter resolves a tick, so up to two ticks either way is
 * agreement
 */
static void calibrate(void)
{
	uint32_t once = ticks_of_spin(CALIBRATION_ITERATIONS);
	uint32_t twice = ticks_of_spin(2 * CALIBRATION_ITERATIONS);
	uint32_t known = 2 * CALIBRATION_ITERATIONS;
	uint32_t measured = (twice - once) * INSNS_PER_TICK;
	uint32_t slack = 2 * INSNS_PER_TICK;

	put("fw-calibration: SysTick on the CPU clock, ");
	semihost_write_num((long)FW_BENCH_CPU_HZ);
	put(" Hz, ");
	semihost_write_num((long)INSNS_PER_TICK);
	put(" instructions a tick under -icount shift=0; a loop of ");
	semihost_write_num((long)known);
	put(" instructions (subs + bne) measured as ");
	semihost_write_num((long)measured);
	put(" (");
	semihost_write_num((long)(twice - once));
	put(" ticks)\n");
	if (measured + slack < known || measured > known + slack)
		fail("the calibration does not match: is qemu run with -icount shift=0?", 0);
}

static void measure_enable(int depth)
{
	struct clk *leaf = gate_chain(depth);
	uint32_t ticks_n, ticks_0;

	if (!leaf)
		return;
	ticks_0 = ticks_of_enable(leaf, 0);
	ticks_n = ticks_of_enable(leaf, FW_BENCH_CALLS);
	if (*__regblock_start != 0)
		fail("a gate left open after the loop", 0);
	if (failed)
		return;
	put("fw-enable depth ");
	semihost_write_num(depth);
	put(": ");
	semihost_write_num((long)(per_call(ticks_n, ticks_0, FW_BENCH_CALLS)));
	put(" instructions per call (");
	semihost_write_num((long)FW_BENCH_CALLS);
	put(" calls)\n");
}

int main(void)
{
	put("vclk firmware benchmark: clk_enable + clk_disable of the leaf of a chain of gates\n");
	calibrate();
	if (!failed)
		measure_enable(1);
	if (!failed)
		measure_enable(MAX_DEPTH);
	return failed;
}
