/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/dpll.c - the OMAP4 DPLL clock type (see dpll.h), proven
 * by Frama-C/WP (`make prove`, unit "omap4").
 *
 * Every register value written is built by clksel_value() or
 * clkmode_value(), whose preconditions say that each field value fits its
 * field; every write goes through write_clksel()/write_clkmode(), which
 * keep the ghost record of the writes that set_rate's rollback contract
 * is stated over.  Fields are at constant positions, so they are products
 * and quotients of constants (WP's shift theory is out of reach of the
 * provers, see clk_basic.c).  The ops tables are in dpll_ops.c.
 * Freestanding C11: no libc.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include "dpll.h"

/*@ ghost
  uint32_t omap4_dpll_wr_clksel;
  uint32_t omap4_dpll_wr_clkmode;
  int omap4_dpll_wrote;
  uint32_t omap4_dpll_entry_clksel;
  uint32_t omap4_dpll_entry_clkmode;
*/

/* ==================== fields ==================== */

/* the largest M the MULT field holds */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  max: \result == omap4_dpll_mult_max(cfg->j_type);
*/
static uint32_t mult_max(const struct omap4_dpll_cfg *cfg)
{
	return cfg->j_type ? 4095u : 2047u;
}

/* the largest N - 1 the DIV field holds */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  max: \result == omap4_dpll_div_max(cfg->j_type);
*/
static uint32_t div_max(const struct omap4_dpll_cfg *cfg)
{
	return cfg->j_type ? 255u : 127u;
}

/*
 * A config the ops can run: limits that fit the fields (so that every M
 * and N omap4_dpll_round() may return fits them) and a poll count.
 */
/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  ok: \result ==>
               2 <= cfg->limits.max_m <= omap4_dpll_mult_max(cfg->j_type) &&
               1 <= cfg->limits.max_n <= omap4_dpll_div_max(cfg->j_type) + 1 &&
               cfg->limits.fint_min <= 4294967295 &&
               cfg->limits.fint_max <= 4294967295 &&
               cfg->max_polls >= 1;
*/
static bool dpll_cfg_ok(const struct omap4_dpll_cfg *cfg)
{
#if ULONG_MAX > 0xffffffffUL
	/* dpll_limits_ok()'s Fint bounds (fint * N stays in 64 bits); with a
	 * 32-bit unsigned long they always hold, and the test would be dead
	 * code (a failed smoke test) */
	if (cfg->limits.fint_min > 0xffffffffUL ||
	    cfg->limits.fint_max > 0xffffffffUL)
		return false;
#endif
	return cfg->limits.max_m >= 2u && cfg->limits.max_m <= mult_max(cfg) &&
	       cfg->limits.max_n >= 1u && cfg->limits.max_n <= div_max(cfg) + 1u &&
	       cfg->max_polls >= 1;
}

/*
 * CLKSEL @old with DPLL_MULT = @m and DPLL_DIV = @div (N - 1), and for a
 * J-type DPLL_SD_DIV = @sd, every other bit (BYP_CLKSEL among them)
 * kept.  The preconditions are the "fits its field" property: each call
 * proves them.
 */
/*@ requires cfg:  \valid_read(cfg);
    requires m:    m <= omap4_dpll_mult_max(cfg->j_type);
    requires div:  div <= omap4_dpll_div_max(cfg->j_type);
    requires sd:   sd <= OMAP4_DPLL_SD_DIV_MAX;
    assigns  \nothing;
    ensures  word: \result == omap4_clksel_word(cfg->j_type, old, m, div, sd);
*/
static uint32_t clksel_value(const struct omap4_dpll_cfg *cfg, uint32_t old,
			     uint32_t m, uint32_t div, uint32_t sd)
{
	if (cfg->j_type)
		/* sd << 24 is at most 0xff000000, m << 8 at most 4095 * 256 */
		return (old & ~(OMAP4_DPLL_SD_DIV_MASK_J | OMAP4_DPLL_MULT_MASK_J |
				OMAP4_DPLL_DIV_MASK_J)) |
		       (sd * 16777216u) | (m * 256u) | div;
	return (old & ~(OMAP4_DPLL_MULT_MASK | OMAP4_DPLL_DIV_MASK)) |
	       (m * 256u) | div;
}

/* the sigma-delta divider for a DCO at @rate Hz (a J-type's) */
/*@ assigns \nothing;
    ensures sd: \result == omap4_sd_div(rate);
*/
static uint32_t sd_div(unsigned long rate)
{
	unsigned long steps = rate / OMAP4_DPLL_SD_TARGET +
			      (rate % OMAP4_DPLL_SD_TARGET != 0);

#if ULONG_MAX > 0xffffffffUL
	/* only a 64-bit rate needs more than 255 steps (a 32-bit one at
	 * most 18: the test would be dead code, a failed smoke test) */
	if (steps > OMAP4_DPLL_SD_DIV_MAX)
		return OMAP4_DPLL_SD_DIV_MAX;
#endif
	return (uint32_t)steps;
}

/*
 * CLKMODE @old with DPLL_EN = @en and REGM4XEN = @m4x, every other bit
 * kept.
 */
/*@ requires en: en <= OMAP4_DPLL_EN_MASK;
    assigns  \nothing;
    ensures  word: \result == omap4_clkmode_word(old, en, m4x);
*/
static uint32_t clkmode_value(uint32_t old, uint32_t en, bool m4x)
{
	/* m4x times the bit rather than a choice: the contract's word is
	 * then the same expression */
	return (old & ~(OMAP4_DPLL_EN_MASK | OMAP4_DPLL_REGM4XEN)) | en |
	       ((uint32_t)m4x * OMAP4_DPLL_REGM4XEN);
}

/* CLKMODE @old with DPLL_EN = @en, REGM4XEN kept */
/*@ requires en: en <= OMAP4_DPLL_EN_MASK;
    assigns  \nothing;
*/
static uint32_t clkmode_en(uint32_t old, uint32_t en)
{
	return (old & ~OMAP4_DPLL_EN_MASK) | en;
}

/* the writes, recorded in the ghost model (attempted values) */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, omap4_dpll_wr_clksel;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  recorded: omap4_dpll_wr_clksel == val;
*/
static int write_clksel(const struct omap4_dpll_cfg *cfg, uint32_t val)
{
	//@ ghost omap4_dpll_wr_clksel = val;
	return vclk_writel(cfg->clksel_reg, val);
}

/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, omap4_dpll_wr_clkmode;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  recorded: omap4_dpll_wr_clkmode == val;
*/
static int write_clkmode(const struct omap4_dpll_cfg *cfg, uint32_t val)
{
	//@ ghost omap4_dpll_wr_clkmode = val;
	return vclk_writel(cfg->clkmode_reg, val);
}

/*
 * Put the setting (@clksel, @clkmode) back without waiting: M/N change
 * only in MN-bypass, so bypass first (DPLL_EN of @clkmode replaced), then
 * CLKSEL, then CLKMODE as given.  Failed writes are not reported: this is
 * the last resort of a failed op and of restore_context.
 */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw, omap4_dpll_wr_clksel, omap4_dpll_wr_clkmode;
    ensures  put: omap4_dpll_wr_clksel == clksel &&
                  omap4_dpll_wr_clkmode == clkmode;
*/
static void put_setting(const struct omap4_dpll_cfg *cfg, uint32_t clksel,
			uint32_t clkmode)
{
	(void)write_clkmode(cfg, clkmode_en(clkmode, OMAP4_DPLL_EN_MN_BYPASS));
	(void)write_clksel(cfg, clksel);
	(void)write_clkmode(cfg, clkmode);
}

/*
 * Wait for IDLEST & @mask == @want, at most max_polls reads.
 * Return: 0, -VCLK_ETIMEDOUT, or a read's errno.
 */
/*@ requires cfg:   \valid_read(cfg);
    requires polls: cfg->max_polls >= 1;
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int wait_idlest(const struct omap4_dpll_cfg *cfg, uint32_t mask,
		       uint32_t want)
{
	return vclk_reg_poll(cfg->idlest_reg, mask, want, cfg->max_polls);
}

/* ==================== rates ==================== */

/* DPLL_EN is one of the bypass modes: the output is the bypass clock */
/*@ assigns \nothing;
    ensures bypass: \result <==> omap4_dpll_en_bypass(en);
*/
static bool en_bypass(uint32_t en)
{
	return en == OMAP4_DPLL_EN_MN_BYPASS || en == OMAP4_DPLL_EN_LP_BYPASS ||
	       en == OMAP4_DPLL_EN_FR_BYPASS;
}

unsigned long omap4_dpll_recalc_rate(const struct omap4_dpll_cfg *cfg,
				     unsigned long parent_rate)
{
	uint32_t mode = 0, sel = 0;
	uint32_t m, n;

	if (vclk_readl(cfg->clkmode_reg, &mode))
		return 0;
	if (en_bypass(mode % 8u))	/* DPLL_EN, bits 2:0 */
		return parent_rate;	/* the bypass clock: see dpll.h */
	/* locked, or stopped (the rate it locks at): Linux's rule */
	if (vclk_readl(cfg->clksel_reg, &sel))
		return 0;
	m = (sel / 256u) % (mult_max(cfg) + 1u);	/* DPLL_MULT */
	n = sel % (div_max(cfg) + 1u) + 1u;		/* DPLL_DIV + 1 */
	if (m < 2)
		return 0;	/* M 0 and 1 are no setting: the DPLL cannot lock */
	return omap4_dpll_rate(parent_rate, m, n,
			       (mode / 2048u) % 2u != 0);	/* REGM4XEN */
}

unsigned long omap4_dpll_round_rate(const struct omap4_dpll_cfg *cfg,
				    unsigned long rate,
				    unsigned long parent_rate)
{
	struct omap4_dpll_mn mn = { 0, 1, false };

	if (!dpll_cfg_ok(cfg))
		return 0;
	return omap4_dpll_round(&cfg->limits, parent_rate, rate, &mn);
}

int omap4_dpll_set_rate(struct omap4_dpll_cfg *cfg, unsigned long rate,
			unsigned long parent_rate)
{
	struct omap4_dpll_mn mn = { 0, 1, false };
	uint32_t old_sel = 0, old_mode = 0;
	int ret;

	//@ ghost omap4_dpll_wrote = 0;
	if (!dpll_cfg_ok(cfg) || rate == 0 ||
	    omap4_dpll_round(&cfg->limits, parent_rate, rate, &mn) != rate)
		return -VCLK_EINVAL;
	/* the setting to put back on failure */
	ret = vclk_readl(cfg->clksel_reg, &old_sel);
	if (ret)
		return ret;
	ret = vclk_readl(cfg->clkmode_reg, &old_mode);
	if (ret)
		return ret;
	if (en_bypass(old_mode % 8u))
		return -VCLK_EBUSY;	/* locking would move it: see dpll.h */
	//@ ghost omap4_dpll_entry_clksel = old_sel;
	//@ ghost omap4_dpll_entry_clkmode = old_mode;
	//@ ghost omap4_dpll_wrote = 1;

	/* M and N change only in MN-bypass */
	ret = write_clkmode(cfg, clkmode_en(old_mode, OMAP4_DPLL_EN_MN_BYPASS));
	if (ret)
		goto rollback;
	ret = wait_idlest(cfg, OMAP4_DPLL_ST_MN_BYPASS, OMAP4_DPLL_ST_MN_BYPASS);
	if (ret)
		goto rollback;
	/* 2 <= M <= max_m <= the field's max; 1 <= N <= max_n <= its max + 1 */
	ret = write_clksel(cfg, clksel_value(cfg, old_sel, mn.m, mn.n - 1u,
					     sd_div(rate)));
	if (ret)
		goto rollback;
	ret = write_clkmode(cfg, clkmode_value(old_mode, OMAP4_DPLL_EN_LOCK,
					       mn.m4x));
	if (ret)
		goto rollback;
	ret = wait_idlest(cfg, OMAP4_DPLL_ST_CLK, OMAP4_DPLL_ST_CLK);
	if (ret)
		goto rollback;
	/*@ assert programmed:
	      dpll_legal(&cfg->limits, parent_rate, mn.m, mn.n, mn.m4x) &&
	      dpll_rate(parent_rate, mn.m, mn.n, mn.m4x) == rate &&
	      omap4_dpll_wr_clksel ==
	        omap4_clksel_word(cfg->j_type, omap4_dpll_entry_clksel,
	                          mn.m, mn.n - 1, omap4_sd_div(rate)) &&
	      omap4_dpll_wr_clkmode ==
	        omap4_clkmode_word(omap4_dpll_entry_clkmode,
	                           OMAP4_DPLL_EN_LOCK, mn.m4x);
	*/
	/* save_context's read failed: a rollback must put back this one */
	if (!cfg->saved) {
		cfg->saved_clksel = old_sel;
		cfg->saved_clkmode = old_mode;
		cfg->saved = true;
	}
	return 0;

rollback:
	put_setting(cfg, old_sel, old_mode);
	return ret;
}

/* ==================== modes: enable, the bypass input ==================== */

/*
 * DPLL_EN = @en from CLKMODE @mode as read, then wait for ST_DPLL_CLK to
 * read @want; on failure CLKMODE goes back to @mode (the lock request of
 * enable, and set_parent's two switches).
 */
/*@ requires cfg:   \valid_read(cfg);
    requires polls: cfg->max_polls >= 1;
    requires en:    en <= OMAP4_DPLL_EN_MASK;
    requires entry: omap4_dpll_wrote == 0 &&
                    omap4_dpll_entry_clkmode == mode;
    assigns  vclk_reg_hw, vclk_reg_polls, vclk_reg_polled,
             omap4_dpll_wr_clkmode, omap4_dpll_wrote;
    ensures  errno:    \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  rollback: \result != 0 ==> omap4_dpll_clkmode_restored;
*/
static int switch_mode(const struct omap4_dpll_cfg *cfg, uint32_t mode,
		       uint32_t en, uint32_t want)
{
	int ret = write_clkmode(cfg, clkmode_en(mode, en));

	if (ret)
		return ret;	/* a failed write changed nothing */
	//@ ghost omap4_dpll_wrote = 1;
	ret = wait_idlest(cfg, OMAP4_DPLL_ST_CLK, want);
	if (ret)
		(void)write_clkmode(cfg, mode);
	return ret;
}

int omap4_dpll_enable(const struct omap4_dpll_cfg *cfg)
{
	uint32_t mode = 0;
	int ret;

	//@ ghost omap4_dpll_wrote = 0;
	if (cfg->max_polls < 1)
		return -VCLK_EINVAL;
	ret = vclk_readl(cfg->clkmode_reg, &mode);
	if (ret)
		return ret;
	//@ ghost omap4_dpll_entry_clkmode = mode;
	if (en_bypass(mode % 8u))
		return 0;	/* the bypass clock runs; see dpll.h */
	if (mode % 8u == OMAP4_DPLL_EN_LOCK)
		return wait_idlest(cfg, OMAP4_DPLL_ST_CLK, OMAP4_DPLL_ST_CLK);
	return switch_mode(cfg, mode, OMAP4_DPLL_EN_LOCK, OMAP4_DPLL_ST_CLK);
}

/* DPLL_EN of an output from the bypass input: low-power or fast-relock */
/*@ assigns \nothing; */
static bool en_bypass_input(uint32_t en)
{
	return en == OMAP4_DPLL_EN_LP_BYPASS || en == OMAP4_DPLL_EN_FR_BYPASS;
}

int omap4_dpll_get_parent(const struct omap4_dpll_cfg *cfg)
{
	uint32_t mode = 0;

	if (!cfg->bypass_input || vclk_readl(cfg->clkmode_reg, &mode))
		return 0;
	return en_bypass_input(mode % 8u) ? 1 : 0;
}

int omap4_dpll_set_parent(const struct omap4_dpll_cfg *cfg, int index)
{
	uint32_t mode = 0;
	int ret;

	//@ ghost omap4_dpll_wrote = 0;
	if (index != 0 && !(index == 1 && cfg->bypass_input))
		return -VCLK_EINVAL;
	if (cfg->max_polls < 1)
		return -VCLK_EINVAL;
	ret = vclk_readl(cfg->clkmode_reg, &mode);
	if (ret)
		return ret;
	//@ ghost omap4_dpll_entry_clkmode = mode;
	if (index == 1)
		return switch_mode(cfg, mode, OMAP4_DPLL_EN_LP_BYPASS, 0u);
	return switch_mode(cfg, mode, OMAP4_DPLL_EN_LOCK, OMAP4_DPLL_ST_CLK);
}

void omap4_dpll_disable(const struct omap4_dpll_cfg *cfg)
{
	uint32_t mode = 0;

	if (vclk_readl(cfg->clkmode_reg, &mode) ||
	    mode % 8u != OMAP4_DPLL_EN_LOCK)
		return;		/* stopped already, or bypassing: see dpll.h */
	(void)write_clkmode(cfg, clkmode_en(mode, OMAP4_DPLL_EN_STOP));
}

int omap4_dpll_is_enabled(const struct omap4_dpll_cfg *cfg)
{
	uint32_t mode = 0;

	if (vclk_readl(cfg->clkmode_reg, &mode))
		return 0;
	return mode % 8u == OMAP4_DPLL_EN_LOCK || en_bypass(mode % 8u);
}

/* ==================== context ==================== */

void omap4_dpll_save_context(struct omap4_dpll_cfg *cfg)
{
	uint32_t sel = 0, mode = 0;

	cfg->saved = vclk_readl(cfg->clksel_reg, &sel) == 0 &&
		     vclk_readl(cfg->clkmode_reg, &mode) == 0;
	if (cfg->saved) {
		cfg->saved_clksel = sel;
		cfg->saved_clkmode = mode;
	}
}

void omap4_dpll_restore_context(const struct omap4_dpll_cfg *cfg)
{
	if (!cfg->saved)
		return;
	put_setting(cfg, cfg->saved_clksel, cfg->saved_clkmode);
}

/* ==================== the X2 output ==================== */

unsigned long omap4_dpll_x2_round_rate(unsigned long parent_rate)
{
	return parent_rate > ULONG_MAX / 2u ? ULONG_MAX : parent_rate * 2u;
}

unsigned long omap4_dpll_x2_recalc_rate(const struct omap4_dpll_x2_cfg *cfg,
					unsigned long parent_rate)
{
	uint32_t mode = 0;

	if (vclk_readl(cfg->clkmode_reg, &mode))
		return 0;
	if (en_bypass(mode % 8u))
		return parent_rate;	/* the bypass clock passes through */
	return omap4_dpll_x2_round_rate(parent_rate);
}

int omap4_dpll_x2_set_rate(const struct omap4_dpll_x2_cfg *cfg)
{
	uint32_t mode = 0;
	int ret = vclk_readl(cfg->clkmode_reg, &mode);

	if (ret)
		return ret;
	return en_bypass(mode % 8u) ? -VCLK_EBUSY : 0;
}

unsigned long omap4_dpll_x2_parent_rate_candidate(unsigned long rate, int k)
{
	return k == 0 ? rate / 2u : 0;
}
