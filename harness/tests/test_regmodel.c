/* SPDX-License-Identifier: MIT */
/*
 * harness/tests/test_regmodel.c - the host register model
 * (harness/regmodel/) behind platform/vclk_reg.h: registers, hooks,
 * faults, polling and the access log.
 */
#include "tharness.h"
#include "regmodel.h"

#define CTRL   0x1000u
#define STATUS 0x1004u

/* vclk_readl() of @addr, or 0xdeadbeef when it fails */
static uint32_t rd(uint32_t addr)
{
	uint32_t val = 0xdeadbeef;

	return vclk_readl(addr, &val) ? 0xdeadbeef : val;
}

/* ==================== registers ==================== */

static void regmodel_reset_value_reads_back(void)
{
	uint32_t val = 0;

	ASSERT_EQ(regmodel_define(CTRL, 0xa5a50001), 0);
	EXPECT_EQ(vclk_readl(CTRL, &val), 0);
	EXPECT_EQ(val, 0xa5a50001);
	EXPECT_EQ(vclk_writel(CTRL, 0x12345678), 0);
	EXPECT_EQ(rd(CTRL), 0x12345678);
	EXPECT_EQ(regmodel_peek(CTRL, &val), 0);
	EXPECT_EQ(val, 0x12345678);
	/* a redefinition restores the (new) reset value */
	ASSERT_EQ(regmodel_define(CTRL, 7), 0);
	EXPECT_EQ(rd(CTRL), 7);
	EXPECT_EQ(regmodel_count(), 1);
}

static void regmodel_reset_forgets_everything(void)
{
	uint32_t val = 0;

	ASSERT_EQ(regmodel_define(CTRL, 1), 0);
	ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 0, 0), 0);
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1), -VCLK_EIO);
	regmodel_reset();
	EXPECT_EQ(regmodel_count(), 0);
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_EQ(regmodel_peek(CTRL, &val), -VCLK_ENOENT);
	/* no fault, no hook left: the status register is plain memory */
	EXPECT_EQ(vclk_writel(STATUS, 0), 0);
	EXPECT_EQ(regmodel_poke(CTRL, 1), 0);
	EXPECT_EQ(rd(STATUS), 0);
}

static void regmodel_undefined_access_defines_zero(void)
{
	uint32_t val = 0xffff;

	EXPECT_EQ(regmodel_peek(0x2000, &val), -VCLK_ENOENT);
	EXPECT_EQ(val, 0xffff);
	EXPECT_EQ(rd(0x2000), 0);
	EXPECT_EQ(regmodel_count(), 1);
	EXPECT_EQ(vclk_writel(0x2004, 9), 0);
	EXPECT_EQ(regmodel_count(), 2);
	EXPECT_EQ(rd(0x2004), 9);
	EXPECT_STR_EQ(regmodel_log_str(), "R 0x2000=0x0, W 0x2004=0x9, R 0x2004=0x9");
}

static void regmodel_full_map_fails_clearly(void)
{
	uint32_t val = 0x55;

	for (uint32_t i = 0; i < REGMODEL_MAX_REGS; i++)
		ASSERT_EQ(regmodel_define(i * 4, i), 0);
	EXPECT_EQ(regmodel_count(), REGMODEL_MAX_REGS);
	EXPECT_EQ(regmodel_define(0xf0000000, 1), -VCLK_ENOMEM);
	EXPECT_EQ(regmodel_poke(0xf0000000, 1), -VCLK_ENOMEM);
	EXPECT_EQ(vclk_readl(0xf0000000, &val), -VCLK_ENOMEM);
	EXPECT_EQ(val, 0x55);
	EXPECT_EQ(vclk_writel(0xf0000000, 1), -VCLK_ENOMEM);
	EXPECT_EQ(regmodel_count(), REGMODEL_MAX_REGS);
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0xf0000000 FAIL -12, W 0xf0000000 FAIL -12");
	/* the registers already there still work */
	EXPECT_EQ(rd(4 * (REGMODEL_MAX_REGS - 1)), REGMODEL_MAX_REGS - 1);
	EXPECT_EQ(vclk_writel(0, 3), 0);
	EXPECT_EQ(rd(0), 3);
}

/* ==================== hardware behaviour ==================== */

static void regmodel_status_follows_control(void)
{
	ASSERT_EQ(regmodel_define(STATUS, 0x100), 0);
	ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 3, 0), 0);
	EXPECT_EQ(rd(STATUS), 0x100);
	EXPECT_EQ(vclk_writel(CTRL, 1u << 3), 0);
	EXPECT_EQ(rd(STATUS), 0x101);
	EXPECT_EQ(vclk_writel(CTRL, 1u << 2), 0);
	EXPECT_EQ(rd(STATUS), 0x100);
	/* a write to the status bit itself does not stick */
	EXPECT_EQ(vclk_writel(STATUS, 0x1), 0);
	EXPECT_EQ(rd(STATUS), 0x0);
}

static void regmodel_status_comes_after_n_reads(void)
{
	ASSERT_EQ(regmodel_follow(STATUS, 31, CTRL, 0, 3), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1), 0);
	EXPECT_EQ(rd(STATUS), 0);
	EXPECT_EQ(rd(STATUS), 0);
	EXPECT_EQ(rd(STATUS), 0);
	EXPECT_EQ(rd(STATUS), 0x80000000u);
	/* a write that leaves the control bit alone starts no delay */
	EXPECT_EQ(vclk_writel(CTRL, 3), 0);
	EXPECT_EQ(rd(STATUS), 0x80000000u);
	/* and it goes away with the same delay */
	EXPECT_EQ(vclk_writel(CTRL, 0), 0);
	EXPECT_EQ(rd(STATUS), 0x80000000u);
	EXPECT_EQ(rd(STATUS), 0x80000000u);
	EXPECT_EQ(rd(STATUS), 0x80000000u);
	EXPECT_EQ(rd(STATUS), 0);
}

static void regmodel_follow_rejects_bad_arguments(void)
{
	EXPECT_EQ(regmodel_follow(STATUS, 32, CTRL, 0, 0), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_follow(STATUS, 0, CTRL, 32, 0), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_follow(STATUS, 0, CTRL, 0, -1), -VCLK_EINVAL);
	for (int i = 0; i < REGMODEL_MAX_HOOKS; i++)
		ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 0, 0), 0);
	EXPECT_EQ(regmodel_follow(STATUS, 0, CTRL, 0, 0), -VCLK_ENOMEM);
}

static void regmodel_masks(void)
{
	uint32_t val = 0;

	ASSERT_EQ(regmodel_define(CTRL, 0xf0), 0);
	ASSERT_EQ(regmodel_set_masks(CTRL, 0xffff0000u, 0xf0), 0);
	EXPECT_EQ(vclk_writel(CTRL, 0x00ff000f), 0);
	/* write-only bits kept but read as 0; read-only bits kept their 0xf0 */
	EXPECT_EQ(rd(CTRL), 0xff);
	EXPECT_EQ(regmodel_peek(CTRL, &val), 0);
	EXPECT_EQ(val, 0x00ff00ff);
	EXPECT_EQ(vclk_writel(CTRL, 0), 0);
	EXPECT_EQ(rd(CTRL), 0xf0);
}

static void regmodel_hiword_register(void)
{
	ASSERT_EQ(regmodel_define(CTRL, 0x0f), 0);
	ASSERT_EQ(regmodel_set_hiword(CTRL), 0);
	/* bits 0 and 4 enabled: bit 0 cleared, bit 4 set; bits 1..3 kept */
	EXPECT_EQ(vclk_writel(CTRL, 0x00110010), 0);
	EXPECT_EQ(rd(CTRL), 0x1e);
	/* no enable bit: nothing changes */
	EXPECT_EQ(vclk_writel(CTRL, 0x0000ffff), 0);
	EXPECT_EQ(rd(CTRL), 0x1e);
	/* the upper half reads as 0 */
	EXPECT_EQ(vclk_writel(CTRL, 0xffff0000), 0);
	EXPECT_EQ(rd(CTRL), 0);
}

/* ==================== faults ==================== */

static void regmodel_next_access_fails(void)
{
	uint32_t val = 0x77;

	ASSERT_EQ(regmodel_define(CTRL, 5), 0);
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EIO), 0);
	EXPECT_EQ(vclk_writel(CTRL, 6), -VCLK_EIO);
	EXPECT_EQ(rd(CTRL), 5);		/* the failed write changed nothing */
	ASSERT_EQ(regmodel_fail_nth(1, -VCLK_EBUSY), 0);
	EXPECT_EQ(vclk_readl(CTRL, &val), -VCLK_EBUSY);
	EXPECT_EQ(val, 0x77);		/* a failed read leaves *val */
	EXPECT_EQ(vclk_readl(CTRL, &val), 0);
	EXPECT_EQ(val, 5);
}

static void regmodel_kth_access_fails(void)
{
	ASSERT_EQ(regmodel_fail_nth(3, -VCLK_ETIMEDOUT), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1), 0);
	EXPECT_EQ(rd(STATUS), 0);
	EXPECT_EQ(vclk_writel(CTRL, 2), -VCLK_ETIMEDOUT);
	EXPECT_EQ(vclk_writel(CTRL, 3), 0);
	EXPECT_EQ(rd(CTRL), 3);
	/* arguments: n >= 1, err a negative errno */
	EXPECT_EQ(regmodel_fail_nth(0, -VCLK_EIO), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_fail_nth(1, 0), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_fail_nth(1, 5), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_fail_nth(1, -VCLK_MAX_ERRNO - 1), -VCLK_EINVAL);
	EXPECT_EQ(regmodel_log_len(), 5);
}

static void regmodel_every_access_to_address_fails(void)
{
	ASSERT_EQ(regmodel_define(STATUS, 1), 0);
	ASSERT_EQ(regmodel_fail_addr(STATUS, -VCLK_EIO), 0);
	for (int i = 0; i < 3; i++) {
		EXPECT_EQ(rd(STATUS), 0xdeadbeef);
		EXPECT_EQ(vclk_writel(STATUS, 0), -VCLK_EIO);
	}
	EXPECT_EQ(vclk_writel(CTRL, 1), 0);	/* other addresses work */
	regmodel_clear_faults();
	EXPECT_EQ(rd(STATUS), 1);
}

static void regmodel_stalled_status_never_comes(void)
{
	ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 0, 1), 0);
	EXPECT_EQ(regmodel_stall(0x9999), -VCLK_ENOENT);
	ASSERT_EQ(regmodel_stall(STATUS), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1), 0);
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 50), -VCLK_ETIMEDOUT);
	EXPECT_EQ(rd(STATUS), 0);
	regmodel_clear_faults();
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 1), 0);
}

static void regmodel_too_many_faults(void)
{
	for (int i = 0; i < REGMODEL_MAX_FAULTS; i++)
		ASSERT_EQ(regmodel_fail_nth(100, -VCLK_EIO), 0);
	EXPECT_EQ(regmodel_fail_nth(1, -VCLK_EIO), -VCLK_ENOMEM);
	EXPECT_EQ(regmodel_fail_addr(CTRL, -VCLK_EIO), -VCLK_ENOMEM);
	regmodel_clear_faults();
	EXPECT_EQ(regmodel_fail_addr(CTRL, -VCLK_EIO), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1), -VCLK_EIO);
}

/* ==================== polling ==================== */

static void regmodel_poll_waits_for_lock(void)
{
	/* PLL: lock (bit 0 of STATUS) follows enable (bit 3 of CTRL) after 4 reads */
	ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 3, 4), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1u << 3), 0);
	regmodel_log_clear();
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 5), 0);
	EXPECT_EQ(regmodel_log_len(), 5);
	EXPECT_STR_EQ(regmodel_log_str(),
		      "R 0x1004=0x0, R 0x1004=0x0, R 0x1004=0x0, R 0x1004=0x0, R 0x1004=0x1");
	/* already there: one read */
	regmodel_log_clear();
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 5), 0);
	EXPECT_EQ(regmodel_log_len(), 1);
}

static void regmodel_poll_times_out(void)
{
	ASSERT_EQ(regmodel_follow(STATUS, 0, CTRL, 3, 4), 0);
	EXPECT_EQ(vclk_writel(CTRL, 1u << 3), 0);
	regmodel_log_clear();
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 4), -VCLK_ETIMEDOUT);
	EXPECT_EQ(regmodel_log_len(), 4);
	/* bits outside the mask do not matter, want is masked too */
	ASSERT_EQ(regmodel_poke(0x2000, 0xf0), 0);
	EXPECT_EQ(vclk_reg_poll(0x2000, 0x30, 0xff, 1), 0);
	EXPECT_EQ(vclk_reg_poll(0x2000, 0x30, 0x00, 2), -VCLK_ETIMEDOUT);
}

static void regmodel_poll_stops_at_failed_read(void)
{
	ASSERT_EQ(regmodel_fail_nth(2, -VCLK_EIO), 0);
	EXPECT_EQ(vclk_reg_poll(STATUS, 1, 1, 10), -VCLK_EIO);
	EXPECT_STR_EQ(regmodel_log_str(), "R 0x1004=0x0, R 0x1004 FAIL -5");
}

/* ==================== access log ==================== */

static void regmodel_log_records_accesses(void)
{
	const struct regmodel_access *a;

	ASSERT_EQ(vclk_writel(CTRL, 0x20), 0);
	ASSERT_EQ(regmodel_fail_nth(2, -VCLK_EIO), 0);
	EXPECT_EQ(rd(CTRL), 0x20);
	EXPECT_EQ(rd(STATUS), 0xdeadbeef);
	/* back doors are not accesses */
	ASSERT_EQ(regmodel_poke(CTRL, 1), 0);
	EXPECT_EQ(regmodel_log_len(), 3);
	a = regmodel_log_at(0);
	ASSERT_NOT_NULL(a);
	EXPECT_EQ(a->addr, CTRL);
	EXPECT_EQ(a->value, 0x20);
	EXPECT_TRUE(a->write);
	EXPECT_EQ(a->err, 0);
	a = regmodel_log_at(2);
	ASSERT_NOT_NULL(a);
	EXPECT_EQ(a->addr, STATUS);
	EXPECT_FALSE(a->write);
	EXPECT_EQ(a->err, -VCLK_EIO);
	EXPECT_PTR_EQ(regmodel_log_at(3), NULL);
	EXPECT_PTR_EQ(regmodel_log_at(-1), NULL);
	EXPECT_STR_EQ(regmodel_log_str(),
		      "W 0x1000=0x20, R 0x1000=0x20, R 0x1004 FAIL -5");
	regmodel_log_clear();
	EXPECT_EQ(regmodel_log_len(), 0);
	EXPECT_STR_EQ(regmodel_log_str(), "");
}

static void regmodel_log_overflow_is_counted(void)
{
	for (int i = 0; i < REGMODEL_LOG_LEN + 2; i++)
		ASSERT_EQ(vclk_writel(CTRL, 1), 0);
	EXPECT_EQ(regmodel_log_len(), REGMODEL_LOG_LEN);
	EXPECT_TRUE(strstr(regmodel_log_str(), "W 0x1000=0x1, ... (2 more)") != NULL);
}

const struct vt_test vt_tests_regmodel[] = {
	VT_TEST(regmodel_reset_value_reads_back),
	VT_TEST(regmodel_reset_forgets_everything),
	VT_TEST(regmodel_undefined_access_defines_zero),
	VT_TEST(regmodel_full_map_fails_clearly),
	VT_TEST(regmodel_status_follows_control),
	VT_TEST(regmodel_status_comes_after_n_reads),
	VT_TEST(regmodel_follow_rejects_bad_arguments),
	VT_TEST(regmodel_masks),
	VT_TEST(regmodel_hiword_register),
	VT_TEST(regmodel_next_access_fails),
	VT_TEST(regmodel_kth_access_fails),
	VT_TEST(regmodel_every_access_to_address_fails),
	VT_TEST(regmodel_stalled_status_never_comes),
	VT_TEST(regmodel_too_many_faults),
	VT_TEST(regmodel_poll_waits_for_lock),
	VT_TEST(regmodel_poll_times_out),
	VT_TEST(regmodel_poll_stops_at_failed_read),
	VT_TEST(regmodel_log_records_accesses),
	VT_TEST(regmodel_log_overflow_is_counted),
	{ NULL, NULL }
};
