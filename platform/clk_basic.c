/* SPDX-License-Identifier: MIT */
/*
 * platform/clk_basic.c - fixed, synth, fixed-factor, gate, mux and divider
 * clocks over the register access layer (see clk_basic.h), proven by
 * Frama-C/WP (`make prove`, unit "types").
 *
 * The arithmetic lives in the pure helpers declared, with their
 * contracts, in clk_basic.h; the ops below only read and write registers
 * around them.  Shifts are written as products and quotients of 2^n
 * (pow2_u32, pow2_u64, the logic clk_pow2): WP's shift theory is out of
 * reach of Z3 and CVC4.  Facts that need induction or nonlinear
 * arithmetic are ghost lemma functions (vclk_lemma_*), proven like any
 * other function; the callers take instances over C values.  The ops
 * tables are in clk_basic_ops.c.  Freestanding C11: no libc.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "clk_basic.h"
#include "pow2_table.h"

/* ==================== powers of two (ghost lemmas) ==================== */

/*
 * The facts about clk_pow2() the proof uses, proven by induction: a ghost
 * lemma function is a goal like any other function, its loop invariants
 * are the induction hypotheses.  Callers invoke it in ghost code to bring
 * its postconditions into their context.  The quantified facts stay in
 * the lemma functions below; callers take instances (vclk_lemma_pow2_le,
 * vclk_lemma_pow2_add), which keeps the provers' contexts small.
 */
/*@ ghost
  /@ assigns \nothing;
     ensures pos:  \forall integer a; 0 <= a <= 64 ==> 1 <= clk_pow2(a);
     ensures le:   \forall integer a, b; 0 <= a <= b <= 64 ==>
                     clk_pow2(a) <= clk_pow2(b);
  @/
  void vclk_lemma_pow2_mono(void)
  {
    /@ loop invariant bound: 0 <= i <= 64;
       loop invariant pos:  \forall integer a; 0 <= a <= i ==> 1 <= clk_pow2(a);
       loop invariant le:   \forall integer a, b; 0 <= a <= b <= i ==>
                              clk_pow2(a) <= clk_pow2(b);
       loop assigns i;
       loop variant 64 - i;
    @/
    for (int i = 0; i < 64; i++) {
      /@ assert step: clk_pow2(i + 1) == 2 * clk_pow2(i); @/
    }
  }
*/

/* instances: 2^(a+b) = 2^a * 2^b, and monotony (induction on b) */
/*@ ghost
  /@ requires sum: a + b <= 64;
     assigns \nothing;
     ensures add: clk_pow2(a + b) == clk_pow2(a) * clk_pow2(b);
  @/
  void vclk_lemma_pow2_add(unsigned int a, unsigned int b)
  {
    /@ loop invariant bound: 0 <= i <= b;
       loop invariant add: clk_pow2(a + i) == clk_pow2(a) * clk_pow2(i);
       loop assigns i;
       loop variant b - i;
    @/
    for (unsigned int i = 0; i < b; i++) {
      /@ assert step: clk_pow2(i + 1) == 2 * clk_pow2(i); @/
      /@ assert step_a: clk_pow2(a + i + 1) == 2 * clk_pow2(a + i); @/
    }
  }
*/

/*@ ghost
  /@ requires ab: a <= b <= 64;
     assigns \nothing;
     ensures le: 1 <= clk_pow2(a) <= clk_pow2(b);
  @/
  void vclk_lemma_pow2_le(unsigned int a, unsigned int b)
  {
    /@ loop invariant bound: 0 <= i <= a;
       loop invariant pos: 1 <= clk_pow2(i);
       loop assigns i;
       loop variant a - i;
    @/
    for (unsigned int i = 0; i < a; i++) {
      /@ assert step: clk_pow2(i + 1) == 2 * clk_pow2(i); @/
    }
    /@ loop invariant bound: a <= j <= b;
       loop invariant le: 1 <= clk_pow2(a) <= clk_pow2(j);
       loop assigns j;
       loop variant b - j;
    @/
    for (unsigned int j = a; j < b; j++) {
      /@ assert step: clk_pow2(j + 1) == 2 * clk_pow2(j); @/
    }
  }
*/

/* a <= b ==> a * c <= b * c, on C values (no clk_pow2 in sight) */
/*@ ghost
  /@ requires ab: a <= b;
     assigns \nothing;
     ensures le: a * c <= b * c;
  @/
  void vclk_lemma_mul_le(unsigned long long a, unsigned long long b,
                  unsigned long long c)
  {
  }
*/

/* the powers the code bounds against, by unfolding the definition */
/*@ ghost
  /@ assigns \nothing;
     ensures p15: clk_pow2(15) == 32768;
     ensures p16: clk_pow2(16) == 65536;
     ensures p31: clk_pow2(31) == 2147483648;
     ensures p32: clk_pow2(32) == 4294967296;
     ensures p62: clk_pow2(62) == 4611686018427387904;
     ensures p63: clk_pow2(63) == 9223372036854775808;
     ensures p64: clk_pow2(64) == 18446744073709551616;
  @/
  void vclk_lemma_pow2_values(void)
  {
    /@ assert v0: clk_pow2(0) == 1; @/
    /@ assert v1: clk_pow2(1) == 2; @/
    /@ assert v2: clk_pow2(2) == 4; @/
    /@ assert v3: clk_pow2(3) == 8; @/
    /@ assert v4: clk_pow2(4) == 16; @/
    /@ assert v5: clk_pow2(5) == 32; @/
    /@ assert v6: clk_pow2(6) == 64; @/
    /@ assert v7: clk_pow2(7) == 128; @/
    /@ assert v8: clk_pow2(8) == 256; @/
    /@ assert v9: clk_pow2(9) == 512; @/
    /@ assert v10: clk_pow2(10) == 1024; @/
    /@ assert v11: clk_pow2(11) == 2048; @/
    /@ assert v12: clk_pow2(12) == 4096; @/
    /@ assert v13: clk_pow2(13) == 8192; @/
    /@ assert v14: clk_pow2(14) == 16384; @/
    /@ assert v15: clk_pow2(15) == 32768; @/
    /@ assert v16: clk_pow2(16) == 65536; @/
    /@ assert v17: clk_pow2(17) == 131072; @/
    /@ assert v18: clk_pow2(18) == 262144; @/
    /@ assert v19: clk_pow2(19) == 524288; @/
    /@ assert v20: clk_pow2(20) == 1048576; @/
    /@ assert v21: clk_pow2(21) == 2097152; @/
    /@ assert v22: clk_pow2(22) == 4194304; @/
    /@ assert v23: clk_pow2(23) == 8388608; @/
    /@ assert v24: clk_pow2(24) == 16777216; @/
    /@ assert v25: clk_pow2(25) == 33554432; @/
    /@ assert v26: clk_pow2(26) == 67108864; @/
    /@ assert v27: clk_pow2(27) == 134217728; @/
    /@ assert v28: clk_pow2(28) == 268435456; @/
    /@ assert v29: clk_pow2(29) == 536870912; @/
    /@ assert v30: clk_pow2(30) == 1073741824; @/
    /@ assert v31: clk_pow2(31) == 2147483648; @/
    /@ assert v32: clk_pow2(32) == 4294967296; @/
    /@ assert v33: clk_pow2(33) == 8589934592; @/
    /@ assert v34: clk_pow2(34) == 17179869184; @/
    /@ assert v35: clk_pow2(35) == 34359738368; @/
    /@ assert v36: clk_pow2(36) == 68719476736; @/
    /@ assert v37: clk_pow2(37) == 137438953472; @/
    /@ assert v38: clk_pow2(38) == 274877906944; @/
    /@ assert v39: clk_pow2(39) == 549755813888; @/
    /@ assert v40: clk_pow2(40) == 1099511627776; @/
    /@ assert v41: clk_pow2(41) == 2199023255552; @/
    /@ assert v42: clk_pow2(42) == 4398046511104; @/
    /@ assert v43: clk_pow2(43) == 8796093022208; @/
    /@ assert v44: clk_pow2(44) == 17592186044416; @/
    /@ assert v45: clk_pow2(45) == 35184372088832; @/
    /@ assert v46: clk_pow2(46) == 70368744177664; @/
    /@ assert v47: clk_pow2(47) == 140737488355328; @/
    /@ assert v48: clk_pow2(48) == 281474976710656; @/
    /@ assert v49: clk_pow2(49) == 562949953421312; @/
    /@ assert v50: clk_pow2(50) == 1125899906842624; @/
    /@ assert v51: clk_pow2(51) == 2251799813685248; @/
    /@ assert v52: clk_pow2(52) == 4503599627370496; @/
    /@ assert v53: clk_pow2(53) == 9007199254740992; @/
    /@ assert v54: clk_pow2(54) == 18014398509481984; @/
    /@ assert v55: clk_pow2(55) == 36028797018963968; @/
    /@ assert v56: clk_pow2(56) == 72057594037927936; @/
    /@ assert v57: clk_pow2(57) == 144115188075855872; @/
    /@ assert v58: clk_pow2(58) == 288230376151711744; @/
    /@ assert v59: clk_pow2(59) == 576460752303423488; @/
    /@ assert v60: clk_pow2(60) == 1152921504606846976; @/
    /@ assert v61: clk_pow2(61) == 2305843009213693952; @/
    /@ assert v62: clk_pow2(62) == 4611686018427387904; @/
    /@ assert v63: clk_pow2(63) == 9223372036854775808; @/
    /@ assert v64: clk_pow2(64) == 18446744073709551616; @/
  }
*/

/* 2^@n, for a shift written as a product (see clk_pow2): one load from
 * pow2_table.h, whose initializer WP reads (issue 25: a gate's mask cost
 * four instructions a bit as a loop of doublings) */
/*@ requires n: n <= 63;
    assigns  \nothing;
    ensures  pow2: \result == clk_pow2(n);
*/
static unsigned long long pow2_u64(unsigned int n)
{
	return vclk_pow2_table[n];
}

/* 2^@n as a 32-bit value: 1u << n */
/*@ requires n: n <= 31;
    assigns  \nothing;
    ensures  pow2: \result == clk_pow2(n);
    ensures  range: 1 <= \result <= 2147483648;
*/
static uint32_t pow2_u32(unsigned int n)
{
	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(n, 31);
	return (uint32_t)pow2_u64(n);
}

/* ==================== register fields ==================== */

/* the ghost record of clk_basic.h (REQ-FIELD-2) */
/*@ ghost uint32_t clk_basic_rd; */
/*@ ghost uint32_t clk_basic_wr; */

/*@ requires width: 1 <= width <= 32;
    assigns  \nothing;
    ensures  max: \result == clk_field_max(width);
*/
static uint32_t field_max(unsigned int width)
{
	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(width, 32);
	return (uint32_t)(pow2_u64(width) - 1);
}

uint32_t clk_field_mask(unsigned int shift, unsigned int width)
{
	/* shift + width <= 32: no bit is shifted out */
	uint32_t max = field_max(width);
	uint32_t unit;

	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(shift, 31);
	unit = pow2_u32(shift);
	//@ ghost vclk_lemma_pow2_add(width, shift);
	//@ ghost vclk_lemma_pow2_le(width + shift, 32);
	//@ assert product: max * unit == clk_pow2(width) * unit - unit;
	return max * unit;
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

/* the @width-bit field at @shift of @raw: (raw >> shift) & field_max */
/*@ requires field: clk_field_ok(shift, width);
    assigns  \nothing;
    ensures  fits: \result <= clk_field_max(width);
    ensures  value: \result == clk_field_get(raw, shift, width);
*/
static uint32_t field_get(uint32_t raw, unsigned int shift, unsigned int width)
{
	uint32_t val;

	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(shift, 31);
	val = raw / pow2_u32(shift);
	if (width < 32) {
		//@ ghost vclk_lemma_pow2_le(width, 31);
		val %= pow2_u32(width);
	}
	return val;
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
    assigns  vclk_reg_hw, *old, clk_basic_rd, clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  written: \result == 0 ==>
               clk_basic_wr == CLK_RMW(clk_basic_rd, mask, bits);
    ensures  old_value: \result == 0 && old != \null ==> *old == clk_basic_rd;
*/
static int reg_update(uint32_t reg, uint32_t mask, uint32_t bits,
		      uint32_t *old)
{
	uint32_t val = 0;
	int ret = vclk_readl(reg, &val);

	if (ret)
		return ret;
	//@ ghost clk_basic_rd = val;
	if (old)
		*old = val;
	val = (val & ~mask) | (bits & mask);
	//@ ghost clk_basic_wr = val;
	return vclk_writel(reg, val);
}

/*
 * Write @val into the @width-bit field at @shift of @reg (read-modify-
 * write, see reg_update).  The precondition "fits" is the property that
 * every field value a clock type chooses fits its field: each call site
 * proves it.
 */
/*@ requires field: clk_field_ok(shift, width);
    requires fits:  val <= clk_field_max(width);
    requires old:   old == \null || \valid(old);
    assigns  vclk_reg_hw, *old, clk_basic_rd, clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  written: \result == 0 ==>
               clk_basic_wr == CLK_FIELD_SET(clk_basic_rd, shift, width, val);
    ensures  old_value: \result == 0 && old != \null ==> *old == clk_basic_rd;
*/
static int field_write(uint32_t reg, unsigned int shift, unsigned int width,
		       uint32_t val, uint32_t *old)
{
	/* the mask as clk_field_mask() computes it */
	uint32_t max = field_max(width);
	uint32_t unit;

	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(shift, 31);
	unit = pow2_u32(shift);
	//@ ghost vclk_lemma_pow2_add(width, shift);
	//@ ghost vclk_lemma_pow2_le(width + shift, 32);
	//@ assert product: max * unit == clk_pow2(width) * unit - unit;
	//@ ghost vclk_lemma_mul_le(val, max, unit);
	return reg_update(reg, max * unit, val * unit, old);
}

/* ==================== arithmetic ==================== */

/* a <= m / b ==> a * b <= m, on C values */
/*@ ghost
  /@ requires b: b >= 1 && a <= m / b;
     assigns \nothing;
     ensures le: a * b <= m;
  @/
  void vclk_lemma_mul_below(unsigned long long a, unsigned long long b,
                            unsigned long long m)
  {
  }
*/

/*
 * Integer division facts, as ghost lemma functions over C-typed values
 * (in the logic their arithmetic is unbounded): the callers pass the
 * instance they need.
 */
/*@ ghost
  /@ requires d: d >= 1 && r < d;
     assigns \nothing;
     ensures exact: ((a + b) * d + r) / d == a + b;
  @/
  void vclk_lemma_div_exact(unsigned long long a, unsigned long long b,
                     unsigned long long d, unsigned long long r)
  {
  }
*/

/*@ ghost
  /@ requires d: d >= 1;
     assigns \nothing;
     ensures ge: (w * m * d + r) / d >= w * m;
  @/
  void vclk_lemma_div_ge(unsigned long long w, unsigned long long m,
                  unsigned long long d, unsigned long long r)
  {
  }
*/

/* DIV_ROUND_UP(p, d) <= r exactly when p <= r * d, for every d; and
 * DIV_ROUND_UP(p, r) <= d exactly when p <= r * d */
/*@ ghost
  /@ requires r: r >= 1;
     assigns \nothing;
     ensures by_d: \forall integer d; d >= 1 ==>
                     (clk_ceil_div(p, d) <= r <==> p <= r * d);
     ensures by_r: \forall integer d;
                     (clk_ceil_div(p, r) <= d <==> p <= r * d);
  @/
  void vclk_lemma_ceil(unsigned long p, unsigned long r)
  {
  }
*/

/* a non-zero rate divided by any divider is non-zero */
/*@ ghost
  /@ requires p: p >= 1;
     assigns \nothing;
     ensures pos: \forall integer d; d >= 1 ==> clk_ceil_div(p, d) >= 1;
  @/
  void vclk_lemma_ceil_pos(unsigned long p)
  {
  }
*/

/* a larger divider never gives a higher rate: DIV_ROUND_UP(p, d) falls as
 * d grows (for d1 <= d2, p <= d1 * c1 <= d2 * c1, with c1 = p / d1
 * rounded up) */
/*@ ghost
  /@ assigns \nothing;
     ensures mono: \forall integer d1, d2; 1 <= d1 <= d2 ==>
                     clk_ceil_div(p, d2) <= clk_ceil_div(p, d1);
  @/
  void vclk_lemma_ceil_mono(unsigned long p)
  {
  }
*/

bool clk_mul_div(unsigned long x, unsigned int mul, unsigned int div,
		 unsigned long *out)
{
	unsigned long whole = x / div;
	/* < div <= UINT_MAX, so remainder * mul < 2^64 */
	unsigned long long remainder = x % div;
	unsigned long high, low;

	//@ assert scaled: x * mul == (whole * mul) * div + remainder * mul;
	if (mul != 0 && whole > ULONG_MAX / mul) {
		//@ assert too_big: whole * mul > ULONG_MAX;
		//@ ghost vclk_lemma_div_ge(whole, mul, div, remainder * mul);
		return false;
	}
	high = whole * mul;
	low = (unsigned long)(remainder * mul / div);	/* < mul */
	//@ assert low: remainder * mul == low * div + remainder * mul % div;
	//@ ghost vclk_lemma_div_exact(high, low, div, remainder * mul % div);
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
	unsigned long long carry = parent_rate % div != 0;

	//@ assert carry: carry != 0 ==> div >= 2 && whole <= parent_rate / 2;
	//@ assert parts: parent_rate == whole * div + parent_rate % div;
	/*@ ghost
	  if (carry)
	    vclk_lemma_div_exact(whole, 1, div, parent_rate % div - 1);
	  else
	    vclk_lemma_div_exact(whole, 0, div, div - 1);
	*/
	//@ assert ceil: whole + carry == (parent_rate + div - 1) / div;
	return (unsigned long)(whole + carry);
}

/* ==================== divider encodings ==================== */

/*
 * What clk_div_valid() means for a table: the dividers of the entries
 * whose value fits the field (values are listed once, so the first entry
 * with a value is the only one).  Proven by induction over the table,
 * from its end.
 */
/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg) && clk_div_uses_table(cfg);
     assigns \nothing;
     ensures hit: \forall integer i; 0 <= i < cfg->table_len ==>
       clk_div_divider(cfg, cfg->table[i].val) == cfg->table[i].div;
     ensures entry: \forall integer i; 0 <= i < cfg->table_len &&
       cfg->table[i].val <= clk_field_max(cfg->width) &&
       cfg->table[i].div >= 1 ==> clk_div_valid(cfg, cfg->table[i].div);
     ensures which: \forall integer e; clk_div_valid(cfg, e) ==>
       \exists integer i; 0 <= i < cfg->table_len &&
         cfg->table[i].val <= clk_field_max(cfg->width) &&
         cfg->table[i].div == e;
  @/
  void vclk_lemma_div_table(const struct clk_divider_cfg *cfg)
  {
    /@ loop invariant bound: 0 <= j <= cfg->table_len;
       loop invariant hit: \forall integer i; j <= i < cfg->table_len ==>
         clk_div_table_div(cfg, j, cfg->table[i].val) == cfg->table[i].div;
       loop invariant which: \forall integer v; clk_div_table_div(cfg, j, v) != 0 ==>
         \exists integer i; j <= i < cfg->table_len && cfg->table[i].val == v &&
           cfg->table[i].div == clk_div_table_div(cfg, j, v);
       loop assigns j;
       loop variant j;
    @/
    for (int j = cfg->table_len; j > 0; j--) {
      /@ assert unfold: \forall integer v; clk_div_table_div(cfg, j - 1, v) ==
           (cfg->table[j - 1].val == v ? cfg->table[j - 1].div :
            clk_div_table_div(cfg, j, v)); @/
    }
    /@ assert div0: \forall integer v; clk_div_divider(cfg, v) == clk_div_table_div(cfg, 0, v); @/
  }
*/

/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result <==> clk_div_uses_table(cfg);
*/
static bool div_uses_table(const struct clk_divider_cfg *cfg)
{
	return cfg->table && cfg->table_len > 0;
}

/* the field holds 2^value (a table is not used) */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result <==> (cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 &&
                          (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0;
*/
static bool div_power_of_two(const struct clk_divider_cfg *cfg)
{
	return !(cfg->flags & CLK_DIVIDER_ONE_BASED) &&
	       (cfg->flags & CLK_DIVIDER_POWER_OF_TWO);
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
    ensures  \result == CLK_DIV_MAX_LOG2 || \result == clk_field_max(cfg->width);
*/
static unsigned int div_log2_max(const struct clk_divider_cfg *cfg)
{
	uint32_t max = field_max(cfg->width);

	return max < CLK_DIV_MAX_LOG2 ? (unsigned int)max : CLK_DIV_MAX_LOG2;
}

/*@ logic integer clk_div_range_max(struct clk_divider_cfg *cfg) =
      (cfg->flags & CLK_DIVIDER_ONE_BASED) != 0 ?
        clk_field_max(cfg->width) : clk_field_max(cfg->width) + 1;
*/

/* the largest divider of a plain or one-based divider: all of 1..it are */
/*@ requires cfg: clk_div_cfg_ok(cfg);
    assigns  \nothing;
    ensures  \result == clk_div_range_max(cfg);
    ensures  \result >= 1 && \result <= clk_field_max(cfg->width) + 1;
*/
static unsigned long long div_range_max(const struct clk_divider_cfg *cfg)
{
	unsigned long long max = field_max(cfg->width);

	return (cfg->flags & CLK_DIVIDER_ONE_BASED) ? max : max + 1;
}

/*
 * The valid dividers of a plain or one-based divider are 1..range max:
 * the field value that selects @e is the witness.
 */
/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg) && !clk_div_uses_table(cfg) &&
                   !((cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 &&
                     (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0);
     requires e: 1 <= e <= clk_div_range_max(cfg);
     assigns \nothing;
     ensures valid: clk_div_valid(cfg, e);
  @/
  void vclk_lemma_div_range_intro(const struct clk_divider_cfg *cfg, unsigned long long e)
  {
    /@ assert one_based: (cfg->flags & CLK_DIVIDER_ONE_BASED) != 0 ==>
         clk_div_divider(cfg, e) == e && e <= clk_field_max(cfg->width); @/
    /@ assert plain: (cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 ==>
         clk_div_divider(cfg, e - 1) == e && e - 1 <= clk_field_max(cfg->width); @/
  }
*/

/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg) && !clk_div_uses_table(cfg) &&
                   !((cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 &&
                     (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0);
     assigns \nothing;
     ensures range: \forall integer e; clk_div_valid(cfg, e) ==>
                      1 <= e <= clk_div_range_max(cfg);
  @/
  void vclk_lemma_div_range_elim(const struct clk_divider_cfg *cfg)
  {
  }
*/

/* the valid dividers of a power-of-two divider: 2^v for v up to log2 max */
/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg) && !clk_div_uses_table(cfg) &&
                   (cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 &&
                   (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0;
     requires v: v <= CLK_DIV_MAX_LOG2 && v <= clk_field_max(cfg->width);
     assigns \nothing;
     ensures valid: clk_div_valid(cfg, clk_pow2(v));
  @/
  void vclk_lemma_div_pow2_intro(const struct clk_divider_cfg *cfg, unsigned int v)
  {
    vclk_lemma_pow2_le(v, 63);
    /@ assert sel: clk_div_divider(cfg, v) == clk_pow2(v); @/
  }
*/

/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg) && !clk_div_uses_table(cfg) &&
                   (cfg->flags & CLK_DIVIDER_ONE_BASED) == 0 &&
                   (cfg->flags & CLK_DIVIDER_POWER_OF_TWO) != 0;
     assigns \nothing;
     ensures pow2: \forall integer e; clk_div_valid(cfg, e) ==>
       \exists integer v; 0 <= v <= CLK_DIV_MAX_LOG2 &&
         v <= clk_field_max(cfg->width) && e == clk_pow2(v);
  @/
  void vclk_lemma_div_pow2_elim(const struct clk_divider_cfg *cfg)
  {
  }
*/

/* every valid divider fits an unsigned long long */
/*@ ghost
  /@ requires cfg: clk_div_cfg_ok(cfg);
     assigns \nothing;
     ensures bound: \forall integer e; clk_div_valid(cfg, e) ==> e <= ULLONG_MAX;
  @/
  void vclk_lemma_div_valid_bound(const struct clk_divider_cfg *cfg)
  {
    vclk_lemma_pow2_mono();
    vclk_lemma_pow2_values();
    if (cfg->table && cfg->table_len > 0) {
      vclk_lemma_div_table(cfg);
    } else if (!(cfg->flags & CLK_DIVIDER_ONE_BASED) &&
               (cfg->flags & CLK_DIVIDER_POWER_OF_TWO)) {
      vclk_lemma_div_pow2_elim(cfg);
      /@ assert \forall integer v; 0 <= v <= CLK_DIV_MAX_LOG2 ==> clk_pow2(v) <= clk_pow2(63); @/
    } else {
      vclk_lemma_div_range_elim(cfg);
    }
  }
*/

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
		return val <= CLK_DIV_MAX_LOG2 ? pow2_u64(val) : 0;
	return (unsigned long long)val + 1;
}

int clk_div_value_of(const struct clk_divider_cfg *cfg, unsigned long long div,
		     uint32_t *val)
{
	uint32_t max = field_max(cfg->width);

	if (div_uses_table(cfg)) {
		//@ ghost vclk_lemma_div_table(cfg);
		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant none: \forall integer j; 0 <= j < i ==>
		      !(cfg->table[j].val <= clk_field_max(cfg->width) &&
		        cfg->table[j].div >= 1 && cfg->table[j].div == div);
		    loop assigns i;
		    loop variant cfg->table_len - i;
		*/
		for (int i = 0; i < cfg->table_len; i++) {
			if (div_entry_ok(cfg, i) && cfg->table[i].div == div) {
				//@ assert sel: clk_div_divider(cfg, cfg->table[i].val) == div;
				*val = cfg->table[i].val;
				return 0;
			}
		}
		return -VCLK_EINVAL;
	}
	if (div == 0)
		return -VCLK_EINVAL;
	if (!div_power_of_two(cfg)) {
		//@ ghost vclk_lemma_div_range_elim(cfg);
		if (cfg->flags & CLK_DIVIDER_ONE_BASED) {
			if (div > max)
				return -VCLK_EINVAL;
			//@ assert sel: clk_div_divider(cfg, div) == div;
			*val = (uint32_t)div;
			return 0;
		}
		if (div - 1 > max)
			return -VCLK_EINVAL;
		//@ assert sel: clk_div_divider(cfg, div - 1) == div;
		*val = (uint32_t)(div - 1);
		return 0;
	}
	unsigned int top = div_log2_max(cfg);

	//@ ghost vclk_lemma_div_pow2_elim(cfg);
	/*@ loop invariant bound: 0 <= v <= top + 1;
	    loop invariant none: \forall integer u; 0 <= u < v ==> clk_pow2(u) != div;
	    loop assigns v;
	    loop variant top + 1 - v;
	*/
	for (unsigned int v = 0; v <= top; v++) {
		if (pow2_u64(v) == div) {
			//@ assert sel: clk_div_divider(cfg, v) == div;
			*val = v;
			return 0;
		}
	}
	return -VCLK_EINVAL;
}

unsigned long long clk_div_round_up(const struct clk_divider_cfg *cfg,
				    unsigned long long d)
{
	if (div_uses_table(cfg)) {
		unsigned long long best = 0;

		//@ ghost vclk_lemma_div_table(cfg);
		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant best: best == 0 || best >= d;
		    loop invariant seen: best != 0 ==> \exists integer j; 0 <= j < i &&
		      cfg->table[j].val <= clk_field_max(cfg->width) &&
		      cfg->table[j].div >= 1 && cfg->table[j].div == best;
		    loop invariant least: \forall integer j; 0 <= j < i &&
		      cfg->table[j].val <= clk_field_max(cfg->width) &&
		      cfg->table[j].div >= 1 && cfg->table[j].div >= d ==>
		        best != 0 && cfg->table[j].div >= best;
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
	if (div_power_of_two(cfg)) {
		unsigned int top = div_log2_max(cfg);

		//@ ghost vclk_lemma_pow2_mono();
		//@ ghost vclk_lemma_div_pow2_elim(cfg);
		/*@ loop invariant bound: 0 <= v <= top + 1;
		    loop invariant below: \forall integer u; 0 <= u < v ==> clk_pow2(u) < d;
		    loop assigns v;
		    loop variant top + 1 - v;
		*/
		for (unsigned int v = 0; v <= top; v++) {
			unsigned long long p = pow2_u64(v);

			if (p >= d) {
				//@ ghost vclk_lemma_div_pow2_intro(cfg, v);
				return p;
			}
		}
		return 0;
	}
	//@ ghost vclk_lemma_div_range_elim(cfg);
	if (d <= div_range_max(cfg)) {
		//@ ghost vclk_lemma_div_range_intro(cfg, d);
		return d;
	}
	return 0;
}

unsigned long long clk_div_round_down(const struct clk_divider_cfg *cfg,
				      unsigned long long d)
{
	if (div_uses_table(cfg)) {
		unsigned long long best = 0;

		//@ ghost vclk_lemma_div_table(cfg);
		/*@ loop invariant bound: 0 <= i <= cfg->table_len;
		    loop invariant best: best <= d;
		    loop invariant valid: best != 0 ==> clk_div_valid(cfg, best);
		    loop invariant seen: best != 0 ==> \exists integer j; 0 <= j < i &&
		      cfg->table[j].val <= clk_field_max(cfg->width) &&
		      cfg->table[j].div >= 1 && cfg->table[j].div == best;
		    loop invariant most: \forall integer j; 0 <= j < i &&
		      cfg->table[j].val <= clk_field_max(cfg->width) &&
		      cfg->table[j].div >= 1 && cfg->table[j].div <= d ==>
		        cfg->table[j].div <= best;
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
	if (div_power_of_two(cfg)) {
		unsigned int top = div_log2_max(cfg);
		unsigned long long best = 0;
		unsigned int v;

		//@ ghost vclk_lemma_pow2_mono();
		//@ ghost vclk_lemma_div_pow2_elim(cfg);
		/*@ loop invariant bound: 0 <= v <= top + 1;
		    loop invariant below: \forall integer u; 0 <= u < v ==> clk_pow2(u) <= d;
		    loop invariant best: best == (v == 0 ? 0 : clk_pow2(v - 1));
		    loop invariant valid: best != 0 ==> clk_div_valid(cfg, best);
		    loop assigns v, best;
		    loop variant top + 1 - v;
		*/
		for (v = 0; v <= top; v++) {
			unsigned long long p = pow2_u64(v);

			if (p > d)
				break;
			//@ ghost vclk_lemma_div_pow2_intro(cfg, v);
			best = p;
		}
		/*@ assert above: v <= top ==> \forall integer u; v <= u <= CLK_DIV_MAX_LOG2 ==>
		      clk_pow2(u) > d; */
		return best;
	}
	//@ ghost vclk_lemma_div_range_elim(cfg);
	if (d == 0)
		return 0;
	unsigned long long max = div_range_max(cfg);

	if (d < max) {
		//@ ghost vclk_lemma_div_range_intro(cfg, d);
		return d;
	}
	//@ ghost vclk_lemma_div_range_intro(cfg, max);
	return max;
}

/* ==================== divider choice ==================== */

unsigned long long clk_div_least_for(unsigned long rate,
				     unsigned long parent_rate)
{
	unsigned long least;

	if (rate == 0)
		return parent_rate == 0 ? 1 : 0;
	/* DIV_ROUND_UP without wrap */
	least = clk_div_rate(parent_rate, rate);
	//@ ghost vclk_lemma_ceil(parent_rate, rate);
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

	//@ ghost vclk_lemma_div_valid_bound(cfg);
	if (!(cfg->flags & CLK_DIVIDER_ROUND_CLOSEST)) {
		if (below) {
			//@ assert reaches: clk_ceil_div(parent_rate, below) <= rate;
			return below;
		}
		/*@ ghost
		  if (!least)
		    vclk_lemma_ceil_pos(parent_rate);
		*/
		/*@ assert none: \forall integer e; clk_div_valid(cfg, e) ==>
		      clk_ceil_div(parent_rate, e) > rate; */
		return clk_div_round_down(cfg, ULLONG_MAX);
	}
	if (!least)
		above = clk_div_round_down(cfg, ULLONG_MAX);
	else
		above = least > 1 ? clk_div_round_down(cfg, least - 1) : 0;
	/* every divider gives a rate no nearer than one of the two: those
	 * from least up are at or below @rate and no higher than below's,
	 * those under it above @rate and no lower than above's */
	//@ ghost vclk_lemma_ceil_mono(parent_rate);
	/*@ ghost
	  if (!least)
	    vclk_lemma_ceil_pos(parent_rate);
	*/
	/*@ assert low_side: below != 0 ==> \forall integer e;
	      clk_div_valid(cfg, e) && e >= least ==>
	        clk_ceil_div(parent_rate, e) <= clk_ceil_div(parent_rate, below) &&
	        clk_ceil_div(parent_rate, below) <= rate;
	*/
	/*@ assert high_side: above != 0 ==> \forall integer e;
	      clk_div_valid(cfg, e) && (least == 0 || e < least) ==>
	        clk_ceil_div(parent_rate, e) >= clk_ceil_div(parent_rate, above) &&
	        clk_ceil_div(parent_rate, above) > rate;
	*/
	/*@ assert sides: \forall integer e; clk_div_valid(cfg, e) ==>
	      (least != 0 && e >= least && below != 0) ||
	      ((least == 0 || e < least) && above != 0);
	*/
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

		//@ ghost vclk_lemma_div_table(cfg);
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
	if (div_power_of_two(cfg)) {
		if ((unsigned int)k <= div_log2_max(cfg)) {
			//@ ghost vclk_lemma_div_pow2_intro(cfg, (unsigned int)k);
			return pow2_u64((unsigned int)k);
		}
		return 0;
	}
	if ((unsigned long long)k + 1 <= div_range_max(cfg)) {
		//@ ghost vclk_lemma_div_range_intro(cfg, (unsigned long long)k + 1);
		return (unsigned long long)k + 1;
	}
	return 0;
}

/* ==================== fixed ==================== */

unsigned long clk_fixed_recalc_rate(const struct clk_fixed_cfg *cfg)
{
	return cfg->rate;
}

unsigned long clk_fixed_recalc_accuracy(const struct clk_fixed_cfg *cfg)
{
	return cfg->accuracy;
}

/* ==================== synth ==================== */

unsigned long clk_synth_recalc_rate(const struct clk_synth_cfg *cfg)
{
	return cfg->rate;
}

unsigned long clk_synth_round_rate(const struct clk_synth_cfg *cfg,
				   unsigned long rate)
{
	if (rate < cfg->min_rate)
		return cfg->min_rate;
	return rate > cfg->max_rate ? cfg->max_rate : rate;
}

int clk_synth_set_rate(struct clk_synth_cfg *cfg, unsigned long rate)
{
	if (rate < cfg->min_rate || rate > cfg->max_rate)
		return -VCLK_EINVAL;
	cfg->rate = rate;
	return 0;
}

void clk_synth_save_context(struct clk_synth_cfg *cfg)
{
	cfg->saved_rate = cfg->rate;
}

void clk_synth_restore_context(struct clk_synth_cfg *cfg)
{
	cfg->rate = cfg->saved_rate;
}

/* ==================== fixed-factor ==================== */

unsigned long clk_ff_recalc_rate(const struct clk_fixed_factor_cfg *cfg,
				 unsigned long parent_rate)
{
	return clk_ff_mul_div(parent_rate, cfg->mult, cfg->div);
}

unsigned long clk_ff_parent_rate_candidate(const struct clk_fixed_factor_cfg *cfg,
					   unsigned long rate, int k)
{
	unsigned long want;

	if (k != 0 || cfg->mult == 0)
		return 0;
	return clk_mul_div(rate, cfg->div, cfg->mult, &want) ? want : 0;
}

/* ==================== gate ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  \result ==> cfg->bit < 32 &&
               ((cfg->flags & CLK_GATE_HIWORD_MASK) != 0 ==> cfg->bit < 16);
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
    assigns  vclk_reg_hw, clk_basic_rd, clk_basic_wr;
    ensures  errno: \result == 0 || -VCLK_MAX_ERRNO <= \result < 0;
    ensures  written: \result == 0 ==>
               clk_basic_wr == CLK_GATE_WORD(cfg, on, clk_basic_rd);
*/
static int gate_set(const struct clk_gate_cfg *cfg, bool on)
{
	bool bit_set = on != ((cfg->flags & CLK_GATE_SET_TO_DISABLE) != 0);
	uint32_t bit;

	if (!gate_cfg_ok(cfg))
		return -VCLK_EINVAL;
	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(cfg->bit, 31);
	bit = pow2_u32(cfg->bit);	/* 1 << bit */
	if (cfg->flags & CLK_GATE_HIWORD_MASK) {
		/* bit < 16: bit << 16 fits */
		//@ ghost vclk_lemma_pow2_le(cfg->bit, 15);
		bit = bit * 65536u | (bit_set ? bit : 0);
		//@ ghost clk_basic_wr = bit;
		return vclk_writel(cfg->reg, bit);
	}
	return reg_update(cfg->reg, bit, bit_set ? bit : 0, NULL);
}

int clk_gate_enable(const struct clk_gate_cfg *cfg)
{
	return gate_set(cfg, true);
}

void clk_gate_disable(const struct clk_gate_cfg *cfg)
{
	(void)gate_set(cfg, false);
}

int clk_gate_is_enabled(const struct clk_gate_cfg *cfg)
{
	uint32_t val = 0;

	if (!gate_cfg_ok(cfg) || vclk_readl(cfg->reg, &val))
		return 0;
	//@ ghost vclk_lemma_pow2_values();
	//@ ghost vclk_lemma_pow2_le(cfg->bit, 31);
	/* (val >> bit) & 1 */
	return (val / pow2_u32(cfg->bit)) % 2u !=
	       ((cfg->flags & CLK_GATE_SET_TO_DISABLE) != 0);
}

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

int clk_mux_get_parent(const struct clk_mux_cfg *cfg)
{
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

int clk_mux_set_parent(const struct clk_mux_cfg *cfg, int index)
{
	uint32_t val;
	int ret;

	if (!mux_cfg_ok(cfg) || index < 0 || index >= cfg->num_parents)
		return -VCLK_EINVAL;
	val = cfg->table ? cfg->table[index] : (uint32_t)index;
	if (val > field_max(cfg->width))
		return -VCLK_EINVAL;
	//@ assert value: val == clk_mux_value(cfg, index);
	ret = field_write(cfg->reg, cfg->shift, cfg->width, val, NULL);
	//@ assert cfg_kept: cfg->shift == \at(cfg->shift, Pre) && cfg->width == \at(cfg->width, Pre);
	return ret;
}

/* ==================== divider ==================== */

/*@ requires cfg: \valid_read(cfg);
    assigns  \nothing;
    ensures  \result ==> clk_field_ok(cfg->shift, cfg->width);
*/
static bool div_cfg_ok(const struct clk_divider_cfg *cfg)
{
	return field_ok(cfg->shift, cfg->width) && cfg->table_len >= 0 &&
	       cfg->table_len <= CLK_DIV_MAX_TABLE;
}

unsigned long clk_divider_recalc_rate(const struct clk_divider_cfg *cfg,
				      unsigned long parent_rate)
{
	unsigned long long div;
	uint32_t val = 0;

	if (!div_cfg_ok(cfg) ||
	    field_read(cfg->reg, cfg->shift, cfg->width, &val))
		return 0;
	div = clk_div_divider_of(cfg, val);
	/* a value that selects no divider: the parent rate, as Linux */
	return div ? clk_div_rate(parent_rate, div) : parent_rate;
}

unsigned long clk_divider_round_rate(const struct clk_divider_cfg *cfg,
				     unsigned long rate,
				     unsigned long parent_rate)
{
	unsigned long long div;

	if (!div_cfg_ok(cfg))
		return 0;
	div = clk_div_best(cfg, rate, parent_rate);
	return div ? clk_div_rate(parent_rate, div) : parent_rate;
}

unsigned long clk_divider_parent_rate_candidate(const struct clk_divider_cfg *cfg,
						unsigned long rate, int k)
{
	/* a request for 0 Hz is one for 1 Hz: the lowest rate the parent
	 * can give (Linux's clk_divider_bestdiv(): if (!rate) rate = 1) */
	unsigned long r = rate ? rate : 1;
	unsigned long long div;
	unsigned long d;

	if (!div_cfg_ok(cfg) || k < 0)
		return 0;
	div = clk_div_nth(cfg, k);
	if (div == 0 || div > ULONG_MAX / r)
		return 0;
	d = (unsigned long)div;		/* <= ULONG_MAX / r: no truncation */
	//@ assert same: d == div;
	//@ ghost vclk_lemma_mul_below(d, r, ULONG_MAX);
	//@ assert witness: clk_div_valid(cfg, div) && r * d == r * div;
	//@ assert asked: r == (rate == 0 ? 1 : rate);
	return r * d;
}

int clk_divider_set_rate(struct clk_divider_cfg *cfg, unsigned long rate,
			 unsigned long parent_rate)
{
	unsigned long long least, div;
	uint32_t val = 0, old = 0;
	int ret;

	if (!div_cfg_ok(cfg))
		return -VCLK_EINVAL;
	least = clk_div_least_for(rate, parent_rate);
	div = least ? clk_div_round_up(cfg, least) : 0;
	if (!div || clk_div_rate(parent_rate, div) != rate)
		return -VCLK_EINVAL;
	/* a valid divider (clk_div_round_up) has a field value: no error */
	(void)clk_div_value_of(cfg, div, &val);
	//@ assert fits: val <= clk_field_max(cfg->width);
	//@ assert selects: clk_div_divider(cfg, val) == div;
	ret = field_write(cfg->reg, cfg->shift, cfg->width, val, &old);
	if (ret)
		return ret;
	/* the configuration as it was at the call: the local @old, written
	 * through a pointer, shares its memory with *@cfg's fields */
	/*@ assert programmed: clk_div_divider{Pre}(cfg, val) == div &&
	      clk_basic_wr == CLK_FIELD_SET(clk_basic_rd, \at(cfg->shift, Pre),
	                                    \at(cfg->width, Pre), val);
	*/
	/* save_context's read failed: what this write replaced is the
	 * setting a rollback must put back */
	if (!cfg->saved) {
		cfg->saved_val = field_get(old, cfg->shift, cfg->width);
		cfg->saved = true;
	}
	return 0;
}

void clk_divider_save_context(struct clk_divider_cfg *cfg)
{
	uint32_t val = 0;

	cfg->saved = div_cfg_ok(cfg) &&
		     field_read(cfg->reg, cfg->shift, cfg->width, &val) == 0;
	if (cfg->saved)
		cfg->saved_val = val;
}

void clk_divider_restore_context(const struct clk_divider_cfg *cfg)
{
	if (!cfg->saved || !div_cfg_ok(cfg))
		return;
	/* the field's bits of saved_val, as a mask would keep them */
	(void)field_write(cfg->reg, cfg->shift, cfg->width,
			  field_get(cfg->saved_val, 0, cfg->width), NULL);
}
