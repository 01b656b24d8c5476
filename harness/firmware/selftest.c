/* SPDX-License-Identifier: MIT */
/*
 * harness/firmware/selftest.c - the firmware self-test (make firmware,
 * make firmware-test): the verified core, the basic clock types and the
 * tree `vclk gen` made of corpus/trees/fw-demo.clk, compiled
 * freestanding for Cortex-M3 with the MMIO back-end (platform/reg_mmio.c)
 * on the RAM register block of platform/cortex-m/lm3s6965.ld.
 *
 * Every check compares a result with the value the host tool computes
 * for the same tree and calls (`vclk run corpus/trees/fw-demo.clk`), or
 * with the errno vclk.h documents; register checks read the block
 * directly, not through the back-end under test.  Prints one line per
 * failed check and a summary; main() returns 0 only when every check
 * passed, and the startup code makes that qemu's exit status.
 *
 * make check also builds it with -DFW_EXPECT_A=105000000UL, a wrong
 * expectation, and requires that build to fail: the test can fail.
 */
#include <stddef.h>
#include <stdint.h>
#include "vclk.h"
#include "vclk_errno.h"
#include "vclk_reg.h"
#include "semihost.h"

/* The proof of the firmware's ABI is the x86_32 machdep (ILP32): int,
 * long and pointers have 32 bits, long long 64.  A build where that is
 * not so does not compile. */
_Static_assert(sizeof(int) == 4, "x86_32 machdep: int has 32 bits");
_Static_assert(sizeof(long) == 4, "x86_32 machdep: long has 32 bits");
_Static_assert(sizeof(unsigned long) == 4, "x86_32 machdep: rates are 32-bit");
_Static_assert(sizeof(void *) == 4, "x86_32 machdep: pointers have 32 bits");
_Static_assert(sizeof(long long) == 8, "x86_32 machdep: long long has 64 bits");

/* the generated tree (build/gen/fw-demo.c) */
int fw_demo_register(void);
extern const int fw_demo_nr_clocks;
extern const uint32_t fw_demo_regs[][2];
extern const int fw_demo_nr_regs;

/* the RAM register block (lm3s6965.ld) and the address fw-demo.clk uses */
extern uint32_t __regblock_start[], __regblock_end[];
#define REGBLOCK_BASE 0x2000f000u
#define REG_B    0x2000f000u
#define REG_C    0x2000f004u
#define REG_SEL  0x2000f008u
#define REG_UART 0x2000f00cu

/* C = 26 MHz climbs to A: A = 104 MHz, B = A / 2, C = B / 2 */
#ifndef FW_EXPECT_A
#define FW_EXPECT_A 104000000UL
#endif

static int checks, failed;

/* ==================== output without a C library ==================== */

static void put(const char *s)
{
	semihost_write0(s);
}

static void put_hex(uint32_t v)
{
	char buf[11] = "0x";

	for (int i = 0; i < 8; i++)
		buf[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
	buf[10] = 0;
	put(buf);
}

static int str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* ==================== checks ==================== */

static void fail_head(const char *what)
{
	failed++;
	put("FAIL ");
	put(what);
	put(": got ");
}

static void expect_num(const char *what, long got, long want)
{
	checks++;
	if (got == want)
		return;
	fail_head(what);
	semihost_write_num(got);
	put(", want ");
	semihost_write_num(want);
	put("\n");
}

/* rates are unsigned long: 32 bits here, so they print as long only up
 * to 2^31; the tree's rates are below 400 MHz */
static void expect_rate(const char *name, unsigned long want)
{
	struct clk *clk = clk_get(NULL, name);

	if (!clk) {
		checks++;
		failed++;
		put("FAIL clk_get ");
		put(name);
		put("\n");
		return;
	}
	expect_num(name, (long)clk_get_rate(clk), (long)want);
	clk_put(clk);
}

static volatile uint32_t *reg(uint32_t addr)
{
	return (volatile uint32_t *)(uintptr_t)addr;
}

static void expect_reg(const char *what, uint32_t addr, uint32_t want)
{
	uint32_t got = *reg(addr);

	checks++;
	if (got == want)
		return;
	fail_head(what);
	put_hex(got);
	put(", want ");
	put_hex(want);
	put("\n");
}

static void expect_true(const char *what, int ok)
{
	checks++;
	if (ok)
		return;
	failed++;
	put("FAIL ");
	put(what);
	put("\n");
}

static struct clk *get(const char *name)
{
	struct clk *clk = clk_get(NULL, name);

	expect_true(name, clk != NULL);
	return clk;
}

/* ==================== the test ==================== */

/* the tree's registers lie in the block, get their reset values there,
 * and the MMIO back-end reads them from it */
static void test_regblock(void)
{
	expect_true("register block at 0x2000f000",
		    (uintptr_t)__regblock_start == REGBLOCK_BASE);
	for (int i = 0; i < fw_demo_nr_regs; i++) {
		uint32_t addr = fw_demo_regs[i][0], val = 0;

		expect_true("register inside the block",
			    addr % 4 == 0 &&
			    addr >= (uintptr_t)__regblock_start &&
			    addr + 4 <= (uintptr_t)__regblock_end);
		*reg(addr) = fw_demo_regs[i][1];
		expect_num("vclk_readl", vclk_readl(addr, &val), 0);
		expect_true("vclk_readl reads the block", val == fw_demo_regs[i][1]);
	}
}

static void test_register(void)
{
	vclk_reset();
	expect_num("fw_demo_register", fw_demo_register(), 0);
	expect_num("vclk_clock_count", vclk_clock_count(), fw_demo_nr_clocks);
	expect_num("fw-demo.clk has 7 clocks", fw_demo_nr_clocks, 7);
	expect_rate("osc", 12000000UL);
	expect_rate("A", 200000000UL);
	expect_rate("B", 100000000UL);
	expect_rate("C", 100000000UL);
	expect_rate("half", 100000000UL);
	expect_rate("sel", 12000000UL);
	expect_rate("uart", 12000000UL);
}

/* the seed example: C cannot make 26 MHz from 100 MHz by /1 or /2, so
 * the request climbs to A through the set-rate-parent dividers */
static void test_set_rate(void)
{
	struct clk *c = get("C");

	expect_num("clk_set_rate(C, 26 MHz)", clk_set_rate(c, 26000000UL), 0);
	expect_rate("A", FW_EXPECT_A);
	expect_rate("B", 52000000UL);
	expect_rate("C", 26000000UL);
	expect_rate("half", 52000000UL);
	expect_reg("B's field selects /2", REG_B, 0x1);
	expect_reg("C's field selects /2", REG_C, 0x1);
	expect_num("clk_put(C)", clk_put(c), 0);
}

/* the gate sets and clears its bit, and only it */
static void test_gate(void)
{
	struct clk *uart = get("uart");

	expect_reg("uart gated at reset", REG_UART, 0x80000001u);
	expect_num("clk_prepare_enable(uart)", clk_prepare_enable(uart), 0);
	expect_reg("uart enable sets bit 3", REG_UART, 0x80000009u);
	expect_true("clk_is_enabled(uart)", clk_is_enabled(uart));
	expect_num("vclk_disable_unprepare(uart)", vclk_disable_unprepare(uart), 0);
	expect_reg("uart disable clears bit 3", REG_UART, 0x80000001u);
	expect_true("!clk_is_enabled(uart)", !clk_is_enabled(uart));
	expect_num("clk_put(uart)", clk_put(uart), 0);
}

/* the mux writes its field (bits 5:4), and only it */
static void test_mux(void)
{
	struct clk *sel = get("sel"), *half = get("half"), *c = get("C");
	struct clk *parent;

	expect_num("clk_set_parent(sel, half)", clk_set_parent(sel, half), 0);
	expect_reg("sel's field selects input 2", REG_SEL, 0xa5a5a5e5u);
	parent = clk_get_parent(sel);
	expect_true("clk_get_parent(sel) is half",
		    str_eq(vclk_clock_name(vclk_clock_id(parent)), "half"));
	expect_rate("uart", 52000000UL);
	/* not one of sel's inputs: refused, nothing written */
	expect_num("clk_set_parent(sel, C)", clk_set_parent(sel, c), -VCLK_EINVAL);
	expect_reg("sel unchanged after the refusal", REG_SEL, 0xa5a5a5e5u);
	clk_put(c);
	clk_put(half);
	clk_put(sel);
}

/* documented errors, each leaving the state as it was */
static void test_errors(void)
{
	struct clk *a = get("A"), *c = get("C"), *uart = get("uart");

	expect_num("clk_set_rate_range(A, 5, 4)", clk_set_rate_range(a, 5, 4),
		   -VCLK_EINVAL);
	expect_num("clk_enable(C) unprepared", clk_enable(c), -VCLK_ESHUTDOWN);
	expect_num("vclk_disable(C) not enabled", vclk_disable(c), -VCLK_EINVAL);
	expect_num("clk_prepare(uart)", clk_prepare(uart), 0);
	expect_num("clk_put(uart) while prepared", clk_put(uart), -VCLK_EBUSY);
	expect_num("vclk_unprepare(uart)", vclk_unprepare(uart), 0);
	expect_num("clk_put(uart)", clk_put(uart), 0);
	expect_num("clk_set_rate(put handle)", clk_set_rate(uart, 1000000UL),
		   -VCLK_EINVAL);
	expect_num("vclk_lookup(nosuch)", vclk_lookup("nosuch"), -VCLK_ENOENT);
	expect_rate("A", FW_EXPECT_A);
	expect_rate("C", 26000000UL);
	expect_reg("uart still gated", REG_UART, 0x80000001u);
	clk_put(c);
	clk_put(a);
}

static uint32_t primask(void)
{
	uint32_t v;

	__asm__ volatile("mrs %0, primask" : "=r"(v));
	return v;
}

/* the firmware's lock back-end (platform/cortex-m/lock_irq.c): the enable
 * lock masks interrupts and nests; every call gives both locks back and
 * leaves the interrupt mask as it found it */
static void test_locks(void)
{
	struct clk *uart = get("uart");
	unsigned long outer, inner;

	expect_num("interrupts unmasked at start", (long)primask(), 0);
	outer = vclk_enable_lock();
	expect_num("enable lock masks interrupts", (long)primask(), 1);
	inner = vclk_enable_lock();
	expect_num("enable lock nests", vclk_enable_lock_held(), 2);
	vclk_enable_unlock(inner);
	expect_num("inner unlock keeps the mask", (long)primask(), 1);
	vclk_enable_unlock(outer);
	expect_num("outer unlock restores the mask", (long)primask(), 0);
	expect_num("clk_prepare_enable(uart)", clk_prepare_enable(uart), 0);
	clk_disable_unprepare(uart);
	expect_num("no lock held after the calls",
		   vclk_prepare_lock_held() + vclk_enable_lock_held(), 0);
	expect_num("interrupts unmasked after the calls", (long)primask(), 0);
	expect_num("clk_put(uart)", clk_put(uart), 0);
}

int main(void)
{
	put("vclk firmware self-test: core + clock types + fw-demo.clk, MMIO on RAM\n");
	put("ILP32: sizeof(int) ");
	semihost_write_num(sizeof(int));
	put(", sizeof(long) ");
	semihost_write_num(sizeof(long));
	put(", sizeof(void *) ");
	semihost_write_num(sizeof(void *));
	put(", sizeof(long long) ");
	semihost_write_num(sizeof(long long));
	put("\n");

	test_regblock();
	test_register();
	test_set_rate();
	test_gate();
	test_mux();
	test_errors();
	test_locks();

	put("vclk firmware self-test: ");
	semihost_write_num(checks - failed);
	put(" passed, ");
	semihost_write_num(failed);
	put(" failed\n");
	return failed ? 1 : 0;
}
