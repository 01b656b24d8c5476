/* SPDX-License-Identifier: MIT */
/*
 * platform/omap4/omap4_clk.c - OMAP4 clksel dividers, DPLL HS
 * post-dividers, module gates and clock domains over the register access
 * layer (see omap4_clk.h), proven by Frama-C/WP (`make prove`, unit
 * "omap4").
 *
 * The register-field helpers and their ghost lemmas are local copies of
 * clk_basic.c's (same proofs, o4c_ names): calling clk_basic.c would make
 * this unit assume contracts proven in another unit, and the proof gate
 * only accepts the register layer as assumed.  Shifts are products and
 * quotients of 2^n (WP's shift theory is out of reach of Z3 and CVC4).
 * The ops tables are in omap4_clk_ops.c.  Freestanding C11: no libc.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "omap4_clk.h"
#include "pow2_table.h"

/* ==================== powers of two (ghost lemmas) ==================== */

/* 2^(a+b) = 2^a * 2^b, by induction on b */
/*@ ghost
  /@ requires sum: a + b <= 64;
     assigns \nothing;
     ensures add: o4c_pow2(a + b) == o4c_pow2(a) * o4c_pow2(b);
  @/
  void o4c_lemma_pow2_add(unsigned int a, unsigned int b)
  {
    /@ loop invariant bound: 0 <= i <= b;
       loop invariant add: o4c_pow2(a + i) == o4c_pow2(a) * o4c_pow2(i);
       loop assigns i;
       loop variant b - i;
    @/
    for (unsigned int i = 0; i < b; i++) {
      /@ assert step: o4c_pow2(i + 1) == 2 * o4c_pow2(i); @/
      /@ assert step_a: o4c_pow2(a + i + 1) == 2 * o4c_pow2(a + i); @/
    }
  }
*/

/* 1 <= 2^a <= 2^b for a <= b, by induction */
/*@ ghost
  /@ requires ab: a <= b <= 64;
     assigns \nothing;
     ensures le: 1 <= o4c_pow2(a) <= o4c_pow2(b);
  @/
  void o4c_lemma_pow2_le(unsigned int a, unsigned int b)
  {
    /@ loop invariant bound: 0 <= i <= a;
       loop invariant pos: 1 <= o4c_pow2(i);
       loop assigns i;
       loop variant a - i;
    @/
    for (unsigned int i = 0; i < a; i++) {
      /@ assert step: o4c_pow2(i + 1) == 2 * o4c_pow2(i); @/
    }
    /@ loop invariant bound: a <= j <= b;
       loop invariant le: 1 <= o4c_pow2(a) <= o4c_pow2(j);
       loop assigns j;
       loop variant b - j;
    @/
    for (unsigned int j = a; j < b; j++) {
      /@ assert step: o4c_pow2(j + 1) == 2 * o4c_pow2(j); @/
    }
  }
*/

/* a <= b ==> a * c <= b * c, on C values */
/*@ ghost
  /@ requires ab: a <= b;
     assigns \nothing;
     ensures le: a * c <= b * c;
  @/
  void o4c_lemma_mul_le(unsigned long long a, unsigned long long b,
                        unsigned long long c)
  {
  }
*/

/* the powers the code bounds against, by unfolding the definition */
/*@ ghost
  /@ assigns \nothing;
     ensures p1: o4c_pow2(1) == 2;
     ensures p2: o4c_pow2(2) == 4;
     ensures p5: o4c_pow2(5) == 32;
     ensures p31: o4c_pow2(31) == 2147483648;
     ensures p32: o4c_pow2(32) == 4294967296;
  @/
  void o4c_lemma_pow2_values(void)
  {
    /@ assert v0: o4c_pow2(0) == 1; @/
    /@ assert v1: o4c_pow2(1) == 2; @/
    /@ assert v2: o4c_pow2(2) == 4; @/
    /@ assert v3: o4c_pow2(3) == 8; @/
    /@ assert v4: o4c_pow2(4) == 16; @/
    /@ assert v5: o4c_pow2(5) == 32; @/
    /@ assert v6: o4c_pow2(6) == 64; @/
    /@ assert v7: o4c_pow2(7) == 128; @/
    /@ assert v8: o4c_pow2(8) == 256; @/
    /@ assert v9: o4c_pow2(9) == 512; @/
    /@ assert v10: o4c_pow2(10) == 1024; @/
    /@ assert v11: o4c_pow2(11) == 2048; @/
    /@ assert v12: o4c_pow2(12) == 4096; @/
    /@ assert v13: o4c_pow2(13) == 8192; @/
    /@ assert v14: o4c_pow2(14) == 16384; @/
    /@ assert v15: o4c_pow2(15) == 32768; @/
    /@ assert v16: o4c_pow2(16) == 65536; @/
    /@ assert v17: o4c_pow2(17) == 131072; @/
    /@ assert v18: o4c_pow2(18) == 262144; @/
    /@ assert v19: o4c_pow2(19) == 524288; @/
    /@ assert v20: o4c_pow2(20) == 1048576; @/
    /@ assert v21: o4c_pow2(21) == 2097152; @/
    /@ assert v22: o4c_pow2(22) == 4194304; @/
    /@ assert v23: o4c_pow2(23) == 8388608; @/
    /@ assert v24: o4c_pow2(24) == 16777216; @/
    /@ assert v25: o4c_pow2(25) == 33554432; @/
    /@ assert v26: o4c_pow2(26) == 67108864; @/
    /@ assert v27: o4c_pow2(27) == 134217728; @/
    /@ assert v28: o4c_pow2(28) == 268435456; @/
    /@ assert v29: o4c_pow2(29) == 536870912; @/
    /@ assert v30: o4c_pow2(30) == 1073741824; @/
    /@ assert v31: o4c_pow2(31) == 2147483648; @/
    /@ assert v32: o4c_pow2(32) == 4294967296; @/
  }
*/

/* 2^@n, for a shift written as a product: one load from the table
 * clk_basic.c uses too (platform/pow2_table.h), proven here against
 * o4c_pow2 from its initializer */
/*@ requires n: n <= 32;
    assigns  \nothing;
    ensures  pow2: \result == o4c_pow2(n);
*/
static unsigned long long pow2_u64(unsigned int n)
{
	return vclk_pow2_table[n];
}

/* 2^@n as a 32-bit value: 1u << n */
/*@ requires n: n <= 31;
    assigns  \nothing;
    ensures  pow2: \result == o4c_pow2(n);
    ensures  range: 1 <= \result <= 2147483648;
*/
static uint32_t pow2_u32(unsigned int n)
{
	//@ ghost o4c_lemma_pow2_values();
	//@ ghost o4c_lemma_pow2_le(n, 31);
	return (uint32_t)pow2_u64(n);
}

/* ==================== register fields ==================== */

/*@ requires width: 1 <= width <= 32;
    assigns  \nothing;
    ensures  max: \result == o4c_field_max(width);
*/
static uint32_t field_max(unsigned int width)
{
	//@ ghost o4c_lemma_pow2_values();
	//@ ghost o4c_lemma_pow2_le(width, 32);
	return (uint32_t)(pow2_u64(width) - 1);
}

/* a field inside a 32-bit register (checked at run time: a config comes
 * from a table a person wrote) */
/*@ assigns \nothing;
    ensures ok: \result <==> o4c_field_ok(shift, width);
*/
static bool field_ok(unsigned int shift, unsigned int width)
{
	return width >= 1 && width <= 32 && shift <= 32u - width;
}

/* the @width-bit field at @shift of @raw: (raw >> shift) & field_max */
/*@ requires field: o4c_field_ok(shift, width);
    assigns  \nothing;
    ensures  fits: \result <= o4c_field_max(width);
*/
static uint32_t field_get(uint32_t raw, unsigned int shift, unsigned int width)
{
	uint32_t val;

	//@ ghost o4c_lemma_pow2_values();
	//@ ghost o4c_lemma_pow2_le(shift, 31);
	val = raw / pow2_u32(shift);
	if (width < 32) {
		//@ ghost o4c_lemma_pow2_le(width, 31);
		val %= pow2_u32(width);
	}
	return val;
}

/*
 * Read the @width-bit field at @shift of @reg into *@val.
 * Return: 0, or the read's errno (*@val untouched).
 */
/*@ requires field: o4c_field_ok(shift, width);
    requires val:   \valid(val);
    assigns  vclk_reg_hw, *val;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  fits:  \result == 0 ==> *val <= o4c_field_max(width);
*/
static int field_read(uint32_t reg, unsigned int shift, unsigned int width,
		      uint32_t *val)
{
	uint32_t raw = 0;
	int ret = vclk_readl(reg, &raw);

	if (ret)
		return ret;
	*val = field_get(raw, shift, width);
	return 0;
}

/*
 * Read-modify-write: the bits of @mask in @reg become those of @bits.
 * @old: if not NULL, the register's value before the write.
 * Return: 0, or the errno of the read or the write (a failed write
 * changed nothing, so the hardware is as it was either way).
 */
/*@ requires old: old == \null || \valid(old);
    assigns  vclk_reg_hw, *old;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int reg_update(uint32_t reg, uint32_t mask, uint32_t bits,
		      uint32_t *old)
{
	uint32_t val = 0;
	int ret = vclk_readl(reg, &val);

	if (ret)
		return ret;
	if (old)
		*old = val;
	return vclk_writel(reg, (val & ~mask) | (bits & mask));
}

/*
 * Write @val into the @width-bit field at @shift of @reg (read-modify-
 * write).  The precondition "fits" is the property that every field value
 * a clock type chooses fits its field: each call site proves it.
 */
/*@ requires field: o4c_field_ok(shift, width);
    requires fits:  val <= o4c_field_max(width);
    requires old:   old == \null || \valid(old);
    assigns  vclk_reg_hw, *old;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int field_write(uint32_t reg, unsigned int shift, unsigned int width,
		       uint32_t val, uint32_t *old)
{
	uint32_t max = field_max(width);
	uint32_t unit;

	//@ ghost o4c_lemma_pow2_values();
	//@ ghost o4c_lemma_pow2_le(shift, 31);
	unit = pow2_u32(shift);
	//@ ghost o4c_lemma_pow2_add(width, shift);
	//@ ghost o4c_lemma_pow2_le(width + shift, 32);
	//@ assert product: max * unit == o4c_pow2(width) * unit - unit;
	//@ ghost o4c_lemma_mul_le(val, max, unit);
	return reg_update(reg, max * unit, val * unit, old);
}

/* ==================== arithmetic ==================== */

/* ((a + b) * d + r) / d == a + b for r < d, on C values */
/*@ ghost
  /@ requires d: d >= 1 && r < d;
     assigns \nothing;
     ensures exact: ((a + b) * d + r) / d == a + b;
  @/
  void o4c_lemma_div_exact(unsigned long long a, unsigned long long b,
                           unsigned long long d, unsigned long long r)
  {
  }
*/

/* a <= m / b ==> a * b <= m, on C values */
/*@ ghost
  /@ requires b: b >= 1 && a <= m / b;
     assigns \nothing;
     ensures le: a * b <= m;
  @/
  void o4c_lemma_mul_below(unsigned long long a, unsigned long long b,
                           unsigned long long m)
  {
  }
*/

/*
 * DIV_ROUND_UP(@parent_rate, @div), as quotient plus carry: it cannot
 * wrap near ULONG_MAX (with a carry the divisor is at least 2).
 */
/*@ requires div: div >= 1;
    assigns  \nothing;
    ensures  ceil: \result == o4c_ceil_div(parent_rate, div);
    ensures  below_parent: \result <= parent_rate;
*/
static unsigned long rate_of(unsigned long parent_rate, unsigned int div)
{
	unsigned long long whole = parent_rate / div;
	unsigned long long carry = parent_rate % div != 0;

	//@ assert carry: carry != 0 ==> div >= 2 && whole <= parent_rate / 2;
	//@ assert parts: parent_rate == whole * div + parent_rate % div;
	/*@ ghost
	  if (carry)
	    o4c_lemma_div_exact(whole, 1, div, parent_rate % div - 1);
	  else
	    o4c_lemma_div_exact(whole, 0, div, div - 1);
	*/
	//@ assert ceil: whole + carry == (parent_rate + div - 1) / div;
	return (unsigned long)(whole + carry);
}

/* ==================== clksel divider ==================== */

/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    assigns  \nothing;
    ensures  ok: \result ==> o4c_field_ok(cfg->shift, cfg->width);
*/
static bool clksel_cfg_ok(const struct omap4_clksel_cfg *cfg)
{
	return field_ok(cfg->shift, cfg->width);
}

/* entry @i is used (o4c_entry_ok) */
/*@ requires cfg: o4c_clksel_cfg_ok(cfg);
    requires i:   0 <= i < cfg->num_rates;
    assigns  \nothing;
    ensures  ok:  \result <==> o4c_entry_ok(cfg, i);
*/
static bool entry_ok(const struct omap4_clksel_cfg *cfg, int i)
{
	return field_ok(cfg->shift, cfg->width) && cfg->rates[i].div >= 1 &&
	       cfg->rates[i].val <= field_max(cfg->width);
}

unsigned long omap4_clksel_recalc_rate(const struct omap4_clksel_cfg *cfg,
				       unsigned long parent_rate)
{
	uint32_t val = 0;

	if (!clksel_cfg_ok(cfg) ||
	    field_read(cfg->reg, cfg->shift, cfg->width, &val))
		return 0;
	/*@ loop invariant bound: 0 <= i <= cfg->num_rates;
	    loop assigns i;
	    loop variant cfg->num_rates - i;
	*/
	for (int i = 0; i < cfg->num_rates; i++)
		if (entry_ok(cfg, i) && cfg->rates[i].val == val)
			return rate_of(parent_rate, cfg->rates[i].div);
	/* a value the table does not list: the parent rate, as Linux */
	return parent_rate;
}

unsigned long omap4_clksel_round_rate(const struct omap4_clksel_cfg *cfg,
				      unsigned long rate,
				      unsigned long parent_rate)
{
	unsigned long below = 0, lowest = 0;
	bool found_below = false, any = false;

	/*@ loop invariant bound: 0 <= i <= cfg->num_rates;
	    loop invariant below_ok: found_below ==> below <= rate &&
	      \exists integer j; 0 <= j < i && o4c_entry_ok(cfg, j) &&
	        o4c_entry_rate(cfg, j, parent_rate) == below;
	    loop invariant below_max: \forall integer j; 0 <= j < i &&
	      o4c_entry_ok(cfg, j) && o4c_entry_rate(cfg, j, parent_rate) <= rate ==>
	        found_below && o4c_entry_rate(cfg, j, parent_rate) <= below;
	    loop invariant low_ok: any ==> \exists integer j; 0 <= j < i &&
	      o4c_entry_ok(cfg, j) && o4c_entry_rate(cfg, j, parent_rate) == lowest;
	    loop invariant low_min: \forall integer j; 0 <= j < i &&
	      o4c_entry_ok(cfg, j) ==>
	        any && lowest <= o4c_entry_rate(cfg, j, parent_rate);
	    loop assigns i, below, lowest, found_below, any;
	    loop variant cfg->num_rates - i;
	*/
	for (int i = 0; i < cfg->num_rates; i++) {
		unsigned long r;

		if (!entry_ok(cfg, i))
			continue;
		r = rate_of(parent_rate, cfg->rates[i].div);
		if (r <= rate && (!found_below || r > below)) {
			below = r;
			found_below = true;
		}
		if (!any || r < lowest) {
			lowest = r;
			any = true;
		}
	}
	if (found_below)
		return below;
	/* every rate is above the request: the lowest (largest divisor) */
	return any ? lowest : parent_rate;
}

unsigned long omap4_clksel_parent_rate_candidate(const struct omap4_clksel_cfg *cfg,
						 unsigned long rate, int k)
{
	unsigned long d;

	if (k < 0 || k >= cfg->num_rates || rate == 0 || !entry_ok(cfg, k))
		return 0;
	d = cfg->rates[k].div;
	if (d > ULONG_MAX / rate)
		return 0;
	//@ ghost o4c_lemma_mul_below(d, rate, ULONG_MAX);
	return rate * d;
}

int omap4_clksel_set_rate(struct omap4_clksel_cfg *cfg, unsigned long rate,
			  unsigned long parent_rate)
{
	uint32_t val = 0, old = 0;
	bool found = false;
	int ret;

	/*@ loop invariant bound: 0 <= i <= cfg->num_rates;
	    loop invariant none: !found ==> \forall integer j; 0 <= j < i ==>
	      !(o4c_entry_ok(cfg, j) && o4c_entry_rate(cfg, j, parent_rate) == rate);
	    loop invariant hit: found ==> o4c_clksel_gives(cfg, parent_rate, rate) &&
	      val <= o4c_field_max(cfg->width) &&
	      o4c_field_ok(cfg->shift, cfg->width);
	    loop assigns i, val, found;
	    loop variant cfg->num_rates - i;
	*/
	for (int i = 0; i < cfg->num_rates && !found; i++) {
		if (entry_ok(cfg, i) &&
		    rate_of(parent_rate, cfg->rates[i].div) == rate) {
			val = cfg->rates[i].val;
			found = true;
		}
	}
	/* no entry gives @rate: refused before any register access */
	if (!found)
		return -VCLK_EINVAL;
	ret = field_write(cfg->reg, cfg->shift, cfg->width, val, &old);
	if (ret)
		return ret;
	/* save_context's read failed: what this write replaced is the
	 * setting a rollback must put back */
	if (!cfg->saved) {
		cfg->saved_val = field_get(old, cfg->shift, cfg->width);
		cfg->saved = true;
	}
	return 0;
}

void omap4_clksel_save_context(struct omap4_clksel_cfg *cfg)
{
	uint32_t val = 0;

	cfg->saved = clksel_cfg_ok(cfg) &&
		     field_read(cfg->reg, cfg->shift, cfg->width, &val) == 0;
	if (cfg->saved)
		cfg->saved_val = val;
}

void omap4_clksel_restore_context(const struct omap4_clksel_cfg *cfg)
{
	if (!cfg->saved || !clksel_cfg_ok(cfg))
		return;
	/* the field's bits of saved_val, as a mask would keep them */
	(void)field_write(cfg->reg, cfg->shift, cfg->width,
			  field_get(cfg->saved_val, 0, cfg->width), NULL);
}

/* ==================== HS post-divider ==================== */

unsigned long omap4_hsdiv_recalc_rate(const struct omap4_hsdiv_cfg *cfg,
				      unsigned long parent_rate)
{
	uint32_t val = 0;

	if (field_read(cfg->reg, OMAP4_HSDIV_SHIFT, OMAP4_HSDIV_WIDTH, &val))
		return 0;
	/* DIVHS 0 is invalid: the parent rate, as Linux's ti divider */
	return val ? rate_of(parent_rate, val) : parent_rate;
}

unsigned long omap4_hsdiv_round_rate(const struct omap4_hsdiv_cfg *cfg,
				     unsigned long rate,
				     unsigned long parent_rate)
{
	unsigned long below = 0, lowest = 0;
	bool found_below = false;

	(void)cfg;
	/*@ loop invariant bound: 1 <= d <= OMAP4_HSDIV_MAX + 1;
	    loop invariant below_ok: found_below ==> below <= rate &&
	      o4c_hsdiv_gives(parent_rate, below);
	    loop invariant below_max: \forall integer e; 1 <= e < d &&
	      o4c_ceil_div(parent_rate, e) <= rate ==>
	        found_below && o4c_ceil_div(parent_rate, e) <= below;
	    loop invariant low_ok: d > 1 ==> o4c_hsdiv_gives(parent_rate, lowest);
	    loop invariant low_min: \forall integer e; 1 <= e < d ==>
	      lowest <= o4c_ceil_div(parent_rate, e);
	    loop assigns d, below, lowest, found_below;
	    loop variant OMAP4_HSDIV_MAX + 1 - d;
	*/
	for (unsigned int d = 1; d <= OMAP4_HSDIV_MAX; d++) {
		unsigned long r = rate_of(parent_rate, d);

		if (r <= rate && (!found_below || r > below)) {
			below = r;
			found_below = true;
		}
		if (d == 1 || r < lowest)
			lowest = r;
	}
	return found_below ? below : lowest;
}

unsigned long omap4_hsdiv_parent_rate_candidate(const struct omap4_hsdiv_cfg *cfg,
						unsigned long rate, int k)
{
	unsigned long d;

	(void)cfg;
	if (k < 0 || k >= (int)OMAP4_HSDIV_MAX || rate == 0)
		return 0;
	d = (unsigned long)k + 1;
	//@ assert range: 1 <= d <= OMAP4_HSDIV_MAX;
	if (d > ULONG_MAX / rate)
		return 0;
	//@ ghost o4c_lemma_mul_below(d, rate, ULONG_MAX);
	//@ assert fits: rate * d <= ULONG_MAX;
	return rate * d;
}

int omap4_hsdiv_set_rate(struct omap4_hsdiv_cfg *cfg, unsigned long rate,
			 unsigned long parent_rate)
{
	uint32_t old = 0;
	unsigned int div = 0;
	int ret;

	/*@ loop invariant bound: 1 <= d <= OMAP4_HSDIV_MAX + 1;
	    loop invariant none: div == 0 ==> \forall integer e; 1 <= e < d ==>
	      o4c_ceil_div(parent_rate, e) != rate;
	    loop invariant hit: div != 0 ==> 1 <= div <= OMAP4_HSDIV_MAX &&
	      o4c_ceil_div(parent_rate, div) == rate;
	    loop assigns d, div;
	    loop variant OMAP4_HSDIV_MAX + 1 - d;
	*/
	for (unsigned int d = 1; d <= OMAP4_HSDIV_MAX && div == 0; d++)
		if (rate_of(parent_rate, d) == rate)
			div = d;
	/* no divisor gives @rate: refused before any register access */
	if (div == 0)
		return -VCLK_EINVAL;
	//@ ghost o4c_lemma_pow2_values();
	//@ assert fits: div <= o4c_field_max(OMAP4_HSDIV_WIDTH);
	ret = field_write(cfg->reg, OMAP4_HSDIV_SHIFT, OMAP4_HSDIV_WIDTH, div,
			  &old);
	if (ret)
		return ret;
	if (!cfg->saved) {
		uint32_t was = field_get(old, OMAP4_HSDIV_SHIFT,
					 OMAP4_HSDIV_WIDTH);

		/* an invalid DIVHS 0 is nothing to put back */
		if (was != 0) {
			//@ assert max: was <= OMAP4_HSDIV_MAX;
			cfg->saved_val = was;
			cfg->saved = true;
		}
	}
	return 0;
}

void omap4_hsdiv_save_context(struct omap4_hsdiv_cfg *cfg)
{
	uint32_t val = 0;

	//@ ghost o4c_lemma_pow2_values();
	cfg->saved = field_read(cfg->reg, OMAP4_HSDIV_SHIFT, OMAP4_HSDIV_WIDTH,
				&val) == 0 && val != 0;
	if (cfg->saved)
		cfg->saved_val = val;
}

void omap4_hsdiv_restore_context(const struct omap4_hsdiv_cfg *cfg)
{
	//@ ghost o4c_lemma_pow2_values();
	if (!cfg->saved || cfg->saved_val == 0 ||
	    cfg->saved_val > OMAP4_HSDIV_MAX)
		return;
	(void)field_write(cfg->reg, OMAP4_HSDIV_SHIFT, OMAP4_HSDIV_WIDTH,
			  cfg->saved_val, NULL);
}

int omap4_hsdiv_enable(const struct omap4_hsdiv_cfg *cfg)
{
	//@ ghost o4c_lemma_pow2_values();
	return field_write(cfg->reg, OMAP4_HSDIV_GATE_BIT, 1, 1, NULL);
}

void omap4_hsdiv_disable(const struct omap4_hsdiv_cfg *cfg)
{
	//@ ghost o4c_lemma_pow2_values();
	(void)field_write(cfg->reg, OMAP4_HSDIV_GATE_BIT, 1, 0, NULL);
}

int omap4_hsdiv_is_enabled(const struct omap4_hsdiv_cfg *cfg)
{
	uint32_t val = 0;

	//@ ghost o4c_lemma_pow2_values();
	if (field_read(cfg->reg, OMAP4_HSDIV_GATE_BIT, 1, &val))
		return 0;
	return val == 1;
}

/* ==================== clock domains ==================== */

int omap4_clkdm_enable(struct omap4_clkdm *clkdm)
{
	int ret;

	if (clkdm->usecount == UINT_MAX)
		return -VCLK_EOVERFLOW;
	if (clkdm->usecount == 0) {
		//@ ghost o4c_lemma_pow2_values();
		ret = field_write(clkdm->reg, OMAP4_CLKTRCTRL_SHIFT,
				  OMAP4_CLKTRCTRL_WIDTH,
				  OMAP4_CLKTRCTRL_SW_WKUP, NULL);
		/* a failed wake: the count as it was, the caller fails */
		if (ret)
			return ret;
	}
	clkdm->usecount++;
	return 0;
}

void omap4_clkdm_disable(struct omap4_clkdm *clkdm)
{
	if (clkdm->usecount == 0)
		return;		/* unbalanced: never below 0 */
	clkdm->usecount--;
	if (clkdm->usecount == 0) {
		//@ ghost o4c_lemma_pow2_values();
		(void)field_write(clkdm->reg, OMAP4_CLKTRCTRL_SHIFT,
				  OMAP4_CLKTRCTRL_WIDTH,
				  clkdm->hw_auto ? OMAP4_CLKTRCTRL_HW_AUTO :
						   OMAP4_CLKTRCTRL_SW_SLEEP,
				  NULL);
	}
}

/* ==================== module gate ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  ok: \result ==> cfg->idlest_polls >= 0 &&
               (cfg->plain_bit ==> cfg->bit <= 31);
*/
static bool modgate_cfg_ok(const struct omap4_modgate_cfg *cfg)
{
	return cfg->idlest_polls >= 0 && (!cfg->plain_bit || cfg->bit <= 31);
}

/* write the module's enable (MODULEMODE, or the plain bit) */
/*@ requires cfg: \valid_read(cfg);
    requires ok:  cfg->plain_bit ==> cfg->bit <= 31;
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int modgate_set(const struct omap4_modgate_cfg *cfg, bool on)
{
	//@ ghost o4c_lemma_pow2_values();
	if (cfg->plain_bit)
		return field_write(cfg->reg, cfg->bit, 1,
				   on != cfg->inverted ? 1u : 0u, NULL);
	return field_write(cfg->reg, OMAP4_MODULEMODE_SHIFT,
			   OMAP4_MODULEMODE_WIDTH,
			   on ? OMAP4_MODULEMODE_ENABLE :
				OMAP4_MODULEMODE_DISABLED, NULL);
}

int omap4_modgate_enable(const struct omap4_modgate_cfg *cfg)
{
	int ret;

	if (!modgate_cfg_ok(cfg))
		return -VCLK_EINVAL;
	/* the domain first: a module in a sleeping domain does not wake */
	if (cfg->clkdm) {
		ret = omap4_clkdm_enable(cfg->clkdm);
		if (ret)
			return ret;
	}
	ret = modgate_set(cfg, true);
	if (ret)
		goto release;
	if (cfg->idlest_polls > 0) {
		ret = vclk_reg_poll(cfg->reg, OMAP4_IDLEST_MASK,
				    OMAP4_IDLEST_FUNCTIONAL, cfg->idlest_polls);
		if (ret) {
			/* not functional: undo the enable */
			(void)modgate_set(cfg, false);
			goto release;
		}
	}
	return 0;

release:
	if (cfg->clkdm)
		omap4_clkdm_disable(cfg->clkdm);
	return ret;
}

void omap4_modgate_disable(const struct omap4_modgate_cfg *cfg)
{
	if (modgate_cfg_ok(cfg))
		(void)modgate_set(cfg, false);
	/* released even when the config is bad: enable could not have
	 * counted it then, but the count never goes below 0 either way */
	if (cfg->clkdm)
		omap4_clkdm_disable(cfg->clkdm);
}

int omap4_modgate_is_enabled(const struct omap4_modgate_cfg *cfg)
{
	uint32_t val = 0;

	if (!modgate_cfg_ok(cfg))
		return 0;
	//@ ghost o4c_lemma_pow2_values();
	if (cfg->plain_bit) {
		if (field_read(cfg->reg, cfg->bit, 1, &val))
			return 0;
		return (val == 1) != cfg->inverted;
	}
	if (field_read(cfg->reg, OMAP4_MODULEMODE_SHIFT,
		       OMAP4_MODULEMODE_WIDTH, &val))
		return 0;
	return val == OMAP4_MODULEMODE_ENABLE;
}
