/* SPDX-License-Identifier: MIT */
/*
 * harness/types/clk_basic.c - fixed, synth, fixed-factor, gate, mux and divider
 * clocks over the register access layer (see clk_basic.h).
 *
 * The arithmetic lives in the pure helpers declared, with their
 * contracts, in clk_basic.h; the ops below only read and write registers
 * around them.  Freestanding C11: no libc.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "clk_basic.h"

/* ==================== register fields ==================== */

/*@ requires width: 1 <= width <= 32;
    assigns  \nothing;
    ensures  max: \result == clk_field_max(width);
*/
static uint32_t field_max(unsigned int width)
{
	return UINT32_MAX >> (32u - width);
}

uint32_t clk_field_mask(unsigned int shift, unsigned int width)
{
	/* shift + width <= 32: no bit is shifted out */
	return field_max(width) << shift;
}

/* a field that lies inside a 32-bit register (checked at run time too:
 * a config comes from a table a person wrote) */
/*@ assigns \nothing;
    ensures \result <==> clk_field_ok(shift, width);
*/
static bool field_ok(unsigned int shift, unsigned int width)
{
	return width >= 1 && width <= 32 && shift <= 32u - width;
}

/*
 * Read the @width-bit field at @shift of @reg into *@val.
 * Return: 0, or the read's errno (*@val untouched).
 */
/*@ requires field: clk_field_ok(shift, width);
    requires val:   \valid(val);
    assigns  vclk_reg_hw, *val;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  fits:  \result == 0 ==> *val <= clk_field_max(width);
*/
static int field_read(uint32_t reg, unsigned int shift, unsigned int width,
		      uint32_t *val)
{
	uint32_t raw = 0;
	int ret = vclk_readl(reg, &raw);

	if (ret)
		return ret;
	*val = (raw >> shift) & field_max(width);
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

/* ==================== arithmetic ==================== */

bool clk_mul_div(unsigned long x, unsigned int mul, unsigned int div,
		 unsigned long *out)
{
	unsigned long whole = x / div;
	/* < div <= UINT_MAX, so remainder * mul < 2^64 */
	unsigned long long remainder = x % div;
	unsigned long high, low;

	if (mul != 0 && whole > ULONG_MAX / mul)
		return false;
	high = whole * mul;
	low = (unsigned long)(remainder * mul / div);	/* < mul */
	if (high > ULONG_MAX - low)
		return false;
	*out = high + low;
	return true;
}

unsigned long clk_ff_mul_div(unsigned long parent, unsigned int mult,
			     unsigned int div)
{
	unsigned long rate;

	if (div == 0)
		return 0;
	return clk_mul_div(parent, mult, div, &rate) ? rate : ULONG_MAX;
}

unsigned long clk_div_rate(unsigned long parent_rate, unsigned long long div)
{
	/* not (n + d - 1) / d, which wraps near ULONG_MAX: with a carry the
	 * divider is at least 2, so the quotient is at most half the rate */
	unsigned long long whole = parent_rate / div;

	//@ assert carry: parent_rate % div != 0 ==> div >= 2 && whole <= parent_rate / 2;
	return (unsigned long)(whole + (parent_rate % div != 0));
}

/* ==================== divider encodings ==================== */

/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result <==> clk_div_uses_table(cfg);
*/
static bool div_uses_table(const struct clk_divider_cfg *cfg)
{
	return cfg->table && cfg->table_len > 0;
}

/* table entry @i is reachable: its value fits the field, its divider is 1+ */
/*@ requires cfg: clk_div_cfg_ok(cfg) && clk_div_uses_table(cfg);
    requires i:   0 <= i < cfg->table_len;
    assigns  \nothing;
    ensures  \result <==> cfg->table[i].val <= clk_field_max(cfg->width) &&
                          cfg->table[i].div >= 1;
*/
static bool div_entry_ok(const struct clk_divider_cfg *cfg, int i)
{
	return cfg->table[i].val <= field_max(cfg->width) &&
	       cfg->table[i].div != 0;
}

/* largest field value a power-of-two divider uses */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result <= CLK_DIV_MAX_LOG2 && \result <= clk_field_max(cfg->width);
*/
static unsigned int div_log2_max(const struct clk_divider_cfg *cfg)
{
	uint32_t max = field_max(cfg->width);

	return max < CLK_DIV_MAX_LOG2 ? (unsigned int)max : CLK_DIV_MAX_LOG2;
}

/* the largest divider of a plain or one-based divider: all of 1..it are */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result >= 1 && \result <= clk_field_max(cfg->width) + 1;
*/
static unsigned long long div_range_max(const struct clk_divider_cfg *cfg)
{
	unsigned long long max = field_max(cfg->width);

	return (cfg->flags & CLK_DIVIDER_ONE_BASED) ? max : max + 1;
}

unsigned long long clk_div_divider_of(const struct clk_divider_cfg *cfg,
				      uint32_t val)
{
	if (div_uses_table(cfg)) {
		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant rest: clk_div_table_div(cfg, 0, val) ==
		                         clk_div_table_div(cfg, i, val);
		    loop assigns i;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++)
			if (cfg->table[i].val == val)
				return cfg->table[i].div;
		return 0;
	}
	if (cfg->flags & CLK_DIVIDER_ONE_BASED) {
		if (val)
			return val;
		return (cfg->flags & CLK_DIVIDER_ALLOW_ZERO) ? 1 : 0;
	}
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO)
		return val <= CLK_DIV_MAX_LOG2 ? 1ULL << val : 0;
	return (unsigned long long)val + 1;
}

int clk_div_value_of(const struct clk_divider_cfg *cfg, unsigned long long div,
		     uint32_t *val)
{
	uint32_t max = field_max(cfg->width);

	if (div_uses_table(cfg)) {
		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop assigns i;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++) {
			if (div_entry_ok(cfg, i) && cfg->table[i].div == div) {
				*val = cfg->table[i].val;
				return 0;
			}
		}
		return -VCLK_EINVAL;
	}
	if (div == 0)
		return -VCLK_EINVAL;
	if (cfg->flags & CLK_DIVIDER_ONE_BASED) {
		if (div > max)
			return -VCLK_EINVAL;
		*val = (uint32_t)div;
		return 0;
	}
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) {
		unsigned int top = div_log2_max(cfg);

		/*@ loop invariant bound: 0 <= v <= top + 1;
		    loop assigns v;
		    loop variant top + 1 - v;
		*/
		for (unsigned int v = 0; v <= top; v++) {
			if ((1ULL << v) == div) {
				*val = v;
				return 0;
			}
		}
		return -VCLK_EINVAL;
	}
	if (div - 1 > max)
		return -VCLK_EINVAL;
	*val = (uint32_t)(div - 1);
	return 0;
}

unsigned long long clk_div_round_up(const struct clk_divider_cfg *cfg,
				    unsigned long long d)
{
	if (div_uses_table(cfg)) {
		unsigned long long best = 0;

		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant best: best == 0 || best >= d;
		    loop assigns i, best;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++) {
			unsigned long long div = cfg->table[i].div;

			if (div_entry_ok(cfg, i) && div >= d &&
			    (best == 0 || div < best))
				best = div;
		}
		return best;
	}
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) {
		unsigned int top = div_log2_max(cfg);

		/*@ loop invariant bound: 0 <= v <= top + 1;
		    loop invariant below: \forall integer u; 0 <= u < v ==> (1 << u) < d;
		    loop assigns v;
		    loop variant top + 1 - v;
		*/
		for (unsigned int v = 0; v <= top; v++)
			if ((1ULL << v) >= d)
				return 1ULL << v;
		return 0;
	}
	return d <= div_range_max(cfg) ? d : 0;
}

unsigned long long clk_div_round_down(const struct clk_divider_cfg *cfg,
				      unsigned long long d)
{
	if (div_uses_table(cfg)) {
		unsigned long long best = 0;

		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant best: best <= d;
		    loop assigns i, best;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++) {
			unsigned long long div = cfg->table[i].div;

			if (div_entry_ok(cfg, i) && div <= d && div > best)
				best = div;
		}
		return best;
	}
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) {
		unsigned int top = div_log2_max(cfg);
		unsigned long long best = 0;

		/*@ loop invariant bound: 0 <= v <= top + 1;
		    loop invariant best: best <= d;
		    loop assigns v, best;
		    loop variant top + 1 - v;
		*/
		for (unsigned int v = 0; v <= top && (1ULL << v) <= d; v++)
			best = 1ULL << v;
		return best;
	}
	if (d == 0)
		return 0;
	return d < div_range_max(cfg) ? d : div_range_max(cfg);
}

/* ==================== divider choice ==================== */

unsigned long long clk_div_least_for(unsigned long rate,
				     unsigned long parent_rate)
{
	unsigned long least;

	if (rate == 0)
		return parent_rate == 0 ? 1 : 0;
	/* DIV_ROUND_UP without wrap, as in clk_div_rate() */
	//@ assert carry: parent_rate % rate != 0 ==> rate >= 2;
	least = parent_rate / rate + (parent_rate % rate != 0);
	return least ? least : 1;
}

unsigned long long clk_div_best(const struct clk_divider_cfg *cfg,
				unsigned long rate, unsigned long parent_rate)
{
	unsigned long long least = clk_div_least_for(rate, parent_rate);
	/* the divider of the highest rate at or below @rate */
	unsigned long long below = least ? clk_div_round_up(cfg, least) : 0;
	/* the divider of the lowest rate above @rate */
	unsigned long long above;

	if (!(cfg->flags & CLK_DIVIDER_ROUND_CLOSEST))
		return below ? below : clk_div_round_down(cfg, ULLONG_MAX);
	if (!least)
		above = clk_div_round_down(cfg, ULLONG_MAX);
	else
		above = least > 1 ? clk_div_round_down(cfg, least - 1) : 0;
	if (!below || !above)
		return below ? below : above;
	/* below's rate is <= rate < above's: neither difference wraps */
	//@ assert order: clk_ceil_div(parent_rate, below) <= rate < clk_ceil_div(parent_rate, above);
	if (rate - clk_div_rate(parent_rate, below) <=
	    clk_div_rate(parent_rate, above) - rate)
		return below;
	return above;
}

unsigned long long clk_div_nth(const struct clk_divider_cfg *cfg, int k)
{
	if (div_uses_table(cfg)) {
		int seen = 0;

		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant seen: 0 <= seen <= i && seen <= k;
		    loop assigns i, seen;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++) {
			if (!div_entry_ok(cfg, i))
				continue;
			if (seen == k)
				return cfg->table[i].div;
			seen++;
		}
		return 0;
	}
	if (cfg->flags & CLK_DIVIDER_POWER_OF_TWO)
		return (unsigned int)k <= div_log2_max(cfg) ? 1ULL << k : 0;
	return (unsigned long long)k + 1 <= div_range_max(cfg) ?
		(unsigned long long)k + 1 : 0;
}

/* ==================== fixed ==================== */

/*@ requires cfg: \valid_read((struct clk_fixed_cfg *)priv);
    assigns  \nothing;
    ensures  rate: \result == ((struct clk_fixed_cfg *)priv)->rate;
*/
static unsigned long fixed_recalc_rate(void *priv, unsigned long parent_rate)
{
	const struct clk_fixed_cfg *cfg = priv;

	(void)parent_rate;
	return cfg->rate;
}

const struct vclk_ops clk_fixed_ops = {
	.recalc_rate = fixed_recalc_rate,
};

/* ==================== synth ==================== */

/*@ requires cfg: \valid_read((struct clk_synth_cfg *)priv);
    assigns  \nothing;
    ensures  rate: \result == ((struct clk_synth_cfg *)priv)->rate;
*/
static unsigned long synth_recalc_rate(void *priv, unsigned long parent_rate)
{
	const struct clk_synth_cfg *cfg = priv;

	(void)parent_rate;
	return cfg->rate;
}

/*@ requires cfg: \valid_read((struct clk_synth_cfg *)priv);
    requires range: ((struct clk_synth_cfg *)priv)->min_rate <=
                    ((struct clk_synth_cfg *)priv)->max_rate;
    assigns  \nothing;
    ensures  in_range: ((struct clk_synth_cfg *)priv)->min_rate <= \result <=
                       ((struct clk_synth_cfg *)priv)->max_rate;
*/
static unsigned long synth_round_rate(void *priv, unsigned long rate,
				      unsigned long parent_rate)
{
	const struct clk_synth_cfg *cfg = priv;

	(void)parent_rate;
	if (rate < cfg->min_rate)
		return cfg->min_rate;
	return rate > cfg->max_rate ? cfg->max_rate : rate;
}

/*@ requires cfg: \valid((struct clk_synth_cfg *)priv);
    assigns  ((struct clk_synth_cfg *)priv)->rate;
    ensures  errno: \result == 0 || \result == -VCLK_EINVAL;
    ensures  set:   \result == 0 ==> ((struct clk_synth_cfg *)priv)->rate == rate;
    ensures  kept:  \result != 0 ==> ((struct clk_synth_cfg *)priv)->rate ==
                                     \old(((struct clk_synth_cfg *)priv)->rate);
*/
static int synth_set_rate(void *priv, unsigned long rate,
			  unsigned long parent_rate)
{
	struct clk_synth_cfg *cfg = priv;

	(void)parent_rate;
	if (rate < cfg->min_rate || rate > cfg->max_rate)
		return -VCLK_EINVAL;
	cfg->rate = rate;
	return 0;
}

/*@ requires cfg: \valid((struct clk_synth_cfg *)priv);
    assigns  ((struct clk_synth_cfg *)priv)->saved_rate;
*/
static void synth_save_context(void *priv)
{
	struct clk_synth_cfg *cfg = priv;

	cfg->saved_rate = cfg->rate;
}

/*@ requires cfg: \valid((struct clk_synth_cfg *)priv);
    assigns  ((struct clk_synth_cfg *)priv)->rate;
*/
static void synth_restore_context(void *priv)
{
	struct clk_synth_cfg *cfg = priv;

	cfg->rate = cfg->saved_rate;
}

const struct vclk_ops clk_synth_ops = {
	.recalc_rate = synth_recalc_rate,
	.round_rate = synth_round_rate,
	.set_rate = synth_set_rate,
	.save_context = synth_save_context,
	.restore_context = synth_restore_context,
};

/* ==================== fixed-factor ==================== */

/*@ requires cfg: \valid_read((struct clk_fixed_factor_cfg *)priv);
    assigns  \nothing;
*/
static unsigned long ff_recalc_rate(void *priv, unsigned long parent_rate)
{
	const struct clk_fixed_factor_cfg *cfg = priv;

	return clk_ff_mul_div(parent_rate, cfg->mult, cfg->div);
}

/* the one parent rate that makes @rate: rate * div / mult */
/*@ requires cfg: \valid_read((struct clk_fixed_factor_cfg *)priv);
    assigns  \nothing;
*/
static unsigned long ff_parent_rate_candidate(void *priv, unsigned long rate,
					      int k)
{
	const struct clk_fixed_factor_cfg *cfg = priv;
	unsigned long want;

	if (k != 0 || cfg->mult == 0)
		return 0;
	return clk_mul_div(rate, cfg->div, cfg->mult, &want) ? want : 0;
}

/* no round_rate: the dispatcher's fallback, recalc_rate, is the answer */
const struct vclk_ops clk_fixed_factor_ops = {
	.recalc_rate = ff_recalc_rate,
	.parent_rate_candidate = ff_parent_rate_candidate,
};

/* ==================== gate ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
*/
static bool gate_cfg_ok(const struct clk_gate_cfg *cfg)
{
	return cfg->bit < ((cfg->flags & CLK_GATE_HIWORD_MASK) ? 16u : 32u);
}

/*
 * Switch the gate on or off.  A hiword register needs no read: the upper
 * half of the write says which bit the lower half changes.
 */
/*@ requires cfg: \valid_read(cfg);
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int gate_set(const struct clk_gate_cfg *cfg, bool on)
{
	bool bit_set = on != ((cfg->flags & CLK_GATE_SET_TO_DISABLE) != 0);
	uint32_t bit;

	if (!gate_cfg_ok(cfg))
		return -VCLK_EINVAL;
	bit = 1u << cfg->bit;
	if (cfg->flags & CLK_GATE_HIWORD_MASK)
		return vclk_writel(cfg->reg, (bit << 16) | (bit_set ? bit : 0));
	return reg_update(cfg->reg, bit, bit_set ? bit : 0, NULL);
}

/*@ requires cfg: \valid_read((struct clk_gate_cfg *)priv);
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int gate_enable(void *priv)
{
	return gate_set(priv, true);
}

/* disable cannot report a failed write (void, as in Linux) */
/*@ requires cfg: \valid_read((struct clk_gate_cfg *)priv);
    assigns  vclk_reg_hw;
*/
static void gate_disable(void *priv)
{
	(void)gate_set(priv, false);
}

/* a failed read answers "not enabled": the op has no error value */
/*@ requires cfg: \valid_read((struct clk_gate_cfg *)priv);
    assigns  vclk_reg_hw;
    ensures  bool: \result == 0 || \result == 1;
*/
static int gate_is_enabled(void *priv)
{
	const struct clk_gate_cfg *cfg = priv;
	uint32_t val = 0;

	if (!gate_cfg_ok(cfg) || vclk_readl(cfg->reg, &val))
		return 0;
	return ((val >> cfg->bit) & 1u) !=
	       ((cfg->flags & CLK_GATE_SET_TO_DISABLE) != 0);
}

const struct vclk_ops clk_gate_ops = {
	.enable = gate_enable,
	.disable = gate_disable,
	.is_enabled = gate_is_enabled,
};

/* ==================== mux ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  \result ==> clk_field_ok(cfg->shift, cfg->width);
*/
static bool mux_cfg_ok(const struct clk_mux_cfg *cfg)
{
	return field_ok(cfg->shift, cfg->width) && cfg->num_parents >= 1 &&
	       cfg->num_parents <= VCLK_MAX_PARENTS;
}

/* the parent index the field selects; -1 for a value no parent has */
/*@ requires cfg: clk_mux_cfg_ok((struct clk_mux_cfg *)priv);
    assigns  vclk_reg_hw;
    ensures  range: -VCLK_MAX_ERRNO <= \result <
                    ((struct clk_mux_cfg *)priv)->num_parents;
*/
static int mux_get_parent(void *priv)
{
	const struct clk_mux_cfg *cfg = priv;
	uint32_t val = 0;
	int ret;

	if (!mux_cfg_ok(cfg))
		return -VCLK_EINVAL;
	ret = field_read(cfg->reg, cfg->shift, cfg->width, &val);
	if (ret)
		return ret;	/* the dispatcher reports -1 to the core */
	if (!cfg->table)
		return val < (uint32_t)cfg->num_parents ? (int)val : -1;
	/*@ loop invariant bound: 0 <= i <= cfg->num_parents;
	    loop assigns i;
	    loop variant cfg->num_parents - i;
	*/
	for (int i = 0; i < cfg->num_parents; i++)
		if (cfg->table[i] == val)
			return i;
	return -1;
}

/*@ requires cfg: clk_mux_cfg_ok((struct clk_mux_cfg *)priv);
    assigns  vclk_reg_hw;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int mux_set_parent(void *priv, int index)
{
	const struct clk_mux_cfg *cfg = priv;
	uint32_t val;

	if (!mux_cfg_ok(cfg) || index < 0 || index >= cfg->num_parents)
		return -VCLK_EINVAL;
	val = cfg->table ? cfg->table[index] : (uint32_t)index;
	if (val > field_max(cfg->width))
		return -VCLK_EINVAL;
	return reg_update(cfg->reg, clk_field_mask(cfg->shift, cfg->width),
			  val << cfg->shift, NULL);
}

const struct vclk_ops clk_mux_ops = {
	.get_parent = mux_get_parent,
	.set_parent = mux_set_parent,
};

/* ==================== divider ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
*/
static bool div_cfg_ok(const struct clk_divider_cfg *cfg)
{
	return field_ok(cfg->shift, cfg->width) && cfg->table_len >= 0 &&
	       cfg->table_len <= CLK_DIV_MAX_TABLE;
}

/* a failed read gives 0: the op has no error value, and the core's check
 * after set_rate turns the mismatch into -EIO with the setting restored */
/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv);
    assigns  vclk_reg_hw;
    ensures  below_parent: \result <= parent_rate;
*/
static unsigned long div_recalc_rate(void *priv, unsigned long parent_rate)
{
	const struct clk_divider_cfg *cfg = priv;
	unsigned long long div;
	uint32_t val = 0;

	if (!div_cfg_ok(cfg) ||
	    field_read(cfg->reg, cfg->shift, cfg->width, &val))
		return 0;
	div = clk_div_divider_of(cfg, val);
	/* a value that selects no divider: the parent rate, as Linux */
	return div ? clk_div_rate(parent_rate, div) : parent_rate;
}

/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv);
    assigns  \nothing;
    ensures  below_parent: \result <= parent_rate;
*/
static unsigned long div_round_rate(void *priv, unsigned long rate,
				    unsigned long parent_rate)
{
	const struct clk_divider_cfg *cfg = priv;
	unsigned long long div;

	if (!div_cfg_ok(cfg))
		return 0;
	div = clk_div_best(cfg, rate, parent_rate);
	return div ? clk_div_rate(parent_rate, div) : parent_rate;
}

/* @rate times the k-th divider; 0 after the last, or on overflow */
/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv);
    assigns  \nothing;
*/
static unsigned long div_parent_rate_candidate(void *priv, unsigned long rate,
					       int k)
{
	const struct clk_divider_cfg *cfg = priv;
	unsigned long long div;

	if (!div_cfg_ok(cfg) || k < 0 || rate == 0)
		return 0;
	div = clk_div_nth(cfg, k);
	if (div == 0 || div > ULONG_MAX / rate)
		return 0;
	return rate * (unsigned long)div;
}

/*
 * Program the divider that gives exactly @rate from @parent_rate: the
 * smallest one at or below @rate (Linux's divider_get_val() takes
 * DIV_ROUND_UP(parent, rate) and fails when that is not a divider; this
 * rounds it up to the next divider, which gives @rate whenever any does).
 */
/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv) &&
                  \valid((struct clk_divider_cfg *)priv);
    assigns  vclk_reg_hw, ((struct clk_divider_cfg *)priv)->saved_val,
             ((struct clk_divider_cfg *)priv)->saved;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
*/
static int div_set_rate(void *priv, unsigned long rate,
			unsigned long parent_rate)
{
	struct clk_divider_cfg *cfg = priv;
	unsigned long long least, div;
	uint32_t val = 0, old = 0;
	int ret;

	if (!div_cfg_ok(cfg))
		return -VCLK_EINVAL;
	least = clk_div_least_for(rate, parent_rate);
	div = least ? clk_div_round_up(cfg, least) : 0;
	if (!div || clk_div_rate(parent_rate, div) != rate ||
	    clk_div_value_of(cfg, div, &val))
		return -VCLK_EINVAL;
	ret = reg_update(cfg->reg, clk_field_mask(cfg->shift, cfg->width),
			 val << cfg->shift, &old);
	if (ret)
		return ret;
	/* save_context's read failed: what this write replaced is the
	 * setting a rollback must put back */
	if (!cfg->saved) {
		cfg->saved_val = (old >> cfg->shift) & field_max(cfg->width);
		cfg->saved = true;
	}
	return 0;
}

/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv) &&
                  \valid((struct clk_divider_cfg *)priv);
    assigns  vclk_reg_hw, ((struct clk_divider_cfg *)priv)->saved_val,
             ((struct clk_divider_cfg *)priv)->saved;
*/
static void div_save_context(void *priv)
{
	struct clk_divider_cfg *cfg = priv;

	cfg->saved = div_cfg_ok(cfg) &&
		     field_read(cfg->reg, cfg->shift, cfg->width,
				&cfg->saved_val) == 0;
}

/* cannot report a failed access (void, as Linux's restore_context) */
/*@ requires cfg: clk_div_cfg_ok((struct clk_divider_cfg *)priv);
    assigns  vclk_reg_hw;
*/
static void div_restore_context(void *priv)
{
	const struct clk_divider_cfg *cfg = priv;

	if (!cfg->saved || !div_cfg_ok(cfg))
		return;
	(void)reg_update(cfg->reg, clk_field_mask(cfg->shift, cfg->width),
			 cfg->saved_val << cfg->shift, NULL);
}

const struct vclk_ops clk_divider_ops = {
	.recalc_rate = div_recalc_rate,
	.round_rate = div_round_rate,
	.parent_rate_candidate = div_parent_rate_candidate,
	.set_rate = div_set_rate,
	.save_context = div_save_context,
	.restore_context = div_restore_context,
};
