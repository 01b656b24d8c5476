/* SPDX-License-Identifier: MIT */
/*
 * core/pool.c - the static pools: reset, names, handles, registration.
 *
 * Clocks are never unregistered, so the registered clocks are the prefix
 * [0, vclk_nr_clocks) of the pool and registration appends.  Everything a
 * registration can refuse is checked before the new slot becomes live;
 * the only late failure, a critical clock's provider refusing to start,
 * unlinks the slot again.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"
#include "vclk_lemmas.h"
#include "vclk_ops.h"

/* ==================== state ==================== */

int vclk_nr_clocks;
const char *vclk_name[VCLK_MAX_CLOCKS];
unsigned long vclk_flags[VCLK_MAX_CLOCKS];
const struct vclk_ops *vclk_ops_of[VCLK_MAX_CLOCKS];
void *vclk_priv_of[VCLK_MAX_CLOCKS];
int vclk_parent[VCLK_MAX_CLOCKS];
int vclk_depth[VCLK_MAX_CLOCKS];
int vclk_nr_parents[VCLK_MAX_CLOCKS];
/* vclk_parent_name[] and vclk_parent_ids[] are defined in parent.c: their
 * 4 KB here put this file's other arrays out of one section anchor's reach
 * (32 bytes more Cortex-M code, measured) */
int vclk_parent_index[VCLK_MAX_CLOCKS];
unsigned long vclk_rate[VCLK_MAX_CLOCKS];
uint32_t vclk_prepare_count[VCLK_MAX_CLOCKS];
uint32_t vclk_enable_count[VCLK_MAX_CLOCKS];

struct clk vclk_handles[VCLK_NR_HANDLES];
int vclk_handle_clock[VCLK_NR_HANDLES];
uint32_t vclk_handle_prepares[VCLK_NR_HANDLES];
uint32_t vclk_handle_enables[VCLK_NR_HANDLES];
uint32_t vclk_handle_misuse[VCLK_NR_HANDLES];
const char *vclk_handle_dev[VCLK_NR_HANDLES];
/* rate.c's, defined here: its kilobyte there would push rate.c's own
 * arrays out of reach of one section anchor (28 bytes more Cortex-M code,
 * measured, where the core's budget has none to spare) */
struct vclk_round_memo vclk_round_memo[VCLK_MAX_CLOCKS];

/*@ ghost int vclk_hw_state[VCLK_MAX_CLOCKS]; */
/*@ ghost int vclk_walk_top; */

/* ==================== reset ==================== */

void vclk_reset_nolock(void)
{
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS;
	    loop invariant rest: \forall integer c; 0 <= c < i ==>
	       vclk_slot_at_rest(c) && vclk_nr_parents[c] == 0 &&
	       vclk_prepare_count[c] == 0 && vclk_enable_count[c] == 0;
	    loop assigns i, vclk_name[..], vclk_flags[..], vclk_ops_of[..],
	       vclk_priv_of[..], vclk_parent[..], vclk_depth[..],
	       vclk_nr_parents[..], vclk_parent_index[..], vclk_rate[..],
	       vclk_prepare_count[..], vclk_enable_count[..];
	    loop variant VCLK_MAX_CLOCKS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS; i++) {
		vclk_name[i] = NULL;
		vclk_flags[i] = 0;
		vclk_ops_of[i] = NULL;
		vclk_priv_of[i] = NULL;
		vclk_parent[i] = VCLK_NONE;
		vclk_depth[i] = 0;
		vclk_nr_parents[i] = 0;
		vclk_parent_index[i] = 0;
		vclk_rate[i] = 0;
		vclk_prepare_count[i] = 0;
		vclk_enable_count[i] = 0;
	}
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS;
	    loop invariant unset: \forall integer j; 0 <= j < i ==>
	       vclk_parent_name[j] == \null && vclk_parent_ids[j] == VCLK_NONE;
	    loop assigns i, vclk_parent_name[..], vclk_parent_ids[..];
	    loop variant VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS - i;
	*/
	for (int i = 0; i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS; i++) {
		vclk_parent_name[i] = NULL;
		vclk_parent_ids[i] = VCLK_NONE;
	}
	/*@ loop invariant bound: 0 <= h <= VCLK_NR_HANDLES;
	    loop invariant free: \forall integer k; 0 <= k < h ==>
	       vclk_handle_free(k) && vclk_handles[k].slot == k;
	    loop assigns h, vclk_handles[..].slot, vclk_handle_clock[..],
	       vclk_handle_prepares[..], vclk_handle_enables[..],
	       vclk_handle_misuse[..], vclk_handle_dev[..];
	    loop variant VCLK_NR_HANDLES - h;
	*/
	for (int h = 0; h < VCLK_NR_HANDLES; h++) {
		vclk_handles[h].slot = h;
		vclk_handle_clock[h] = VCLK_NONE;
		vclk_handle_prepares[h] = 0;
		vclk_handle_enables[h] = 0;
		vclk_handle_misuse[h] = 0;
		vclk_handle_dev[h] = NULL;
	}
	vclk_nr_clocks = 0;
	vclk_rate_reset();
	vclk_clkdev_reset();
	vclk_excl_reset();
	vclk_signal_reset();
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant zero: \forall integer q;
	        vclk_child_preps_upto(q, n) == 0 && vclk_child_ens_upto(q, n) == 0;
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant zero: \forall integer q;
	        vclk_handle_preps_upto(q, n) == 0 && vclk_handle_ens_upto(q, n) == 0;
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/* no handle refers to a clock: every intersection is everything,
	 * as vclk_rate_reset() left the cached ones */
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant open: \forall integer q; vclk_slot(q) ==>
	        vclk_min_upto(q, n) == 0 && vclk_max_upto(q, n) == ULONG_MAX;
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

/* ==================== names ==================== */

/*
 * Length of @s if it fits in VCLK_NAME_LEN bytes with its terminator,
 * else -1.
 */
/*@ requires readable: vclk_readable_name((char *)s, VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  range: -1 <= \result < VCLK_NAME_LEN;
    ensures  length: \result >= 0 ==> s[\result] == 0 &&
                     \forall integer k; 0 <= k < \result ==> s[k] != 0;
    ensures  too_long: \result == -1 <==> vclk_name_too_long((char *)s);
*/
static int vclk_name_length(const char *s)
{
	/*@ loop invariant bound: 0 <= k <= VCLK_NAME_LEN;
	    loop invariant unended: \forall integer j; 0 <= j < k ==> s[j] != 0;
	    loop invariant readable: k < VCLK_NAME_LEN ==>
	       vclk_readable_name((char *)s + k, VCLK_NAME_LEN - k);
	    loop assigns k;
	    loop variant VCLK_NAME_LEN - k;
	*/
	for (int k = 0; k < VCLK_NAME_LEN; k++) {
		if (s[k] == '\0')
			return k;
	}
	return -1;
}

/*@ requires readable: vclk_readable_name((char *)a, VCLK_NAME_LEN) &&
                       vclk_readable_name((char *)b, VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  same: \result == 1 <==>
                   vclk_same_name((char *)a, (char *)b, VCLK_NAME_LEN);
*/
static int vclk_name_equal(const char *a, const char *b)
{
	/*@ loop invariant bound: 0 <= k <= VCLK_NAME_LEN;
	    loop invariant same: vclk_same_name((char *)a, (char *)b, VCLK_NAME_LEN) <==>
	       vclk_same_name((char *)a + k, (char *)b + k, VCLK_NAME_LEN - k);
	    loop invariant readable: k < VCLK_NAME_LEN ==>
	       vclk_readable_name((char *)a + k, VCLK_NAME_LEN - k) &&
	       vclk_readable_name((char *)b + k, VCLK_NAME_LEN - k);
	    loop assigns k;
	    loop variant VCLK_NAME_LEN - k;
	*/
	for (int k = 0; k < VCLK_NAME_LEN; k++) {
		if (a[k] != b[k])
			return 0;
		if (a[k] == '\0')
			return 1;
	}
	return 1;
}

/*@ requires names: 0 <= vclk_nr_clocks <= VCLK_MAX_CLOCKS && vclk_names_ok;
    requires readable: vclk_readable_name((char *)name, VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  range: -1 <= \result < vclk_nr_clocks;
    ensures  found: \result >= 0 ==> vclk_first_named(\result, (char *)name);
    ensures  none:  \result == -1 ==> vclk_unnamed((char *)name);
*/
static int vclk_find(const char *name)
{
	/*@ loop invariant bound: 0 <= c <= vclk_nr_clocks;
	    loop invariant before: \forall integer d; 0 <= d < c ==>
	       !vclk_same_name((char *)vclk_name[d], (char *)name, VCLK_NAME_LEN);
	    loop assigns c;
	    loop variant vclk_nr_clocks - c;
	*/
	for (int c = 0; c < vclk_nr_clocks; c++) {
		if (vclk_name_equal(vclk_name[c], name))
			return c;
	}
	return -1;
}

int vclk_lookup_nolock(const char *name)
{
	int c;

	if (!name || vclk_name_length(name) < 0)
		return -VCLK_EINVAL;
	c = vclk_find(name);
	return c >= 0 ? c : -VCLK_ENOENT;
}

/* ==================== handles ==================== */

/*@ requires pool: vclk_pool_ok;
    assigns  \nothing;
    ensures  none: \result == -1 ||
               (VCLK_MAX_CLOCKS <= \result < VCLK_NR_HANDLES &&
                vclk_handle_clock[\result] == VCLK_NONE);
    ensures  full: \result == -1 <==> vclk_handles_full;
*/
static int vclk_free_handle(void)
{
	/*@ loop invariant bound: VCLK_MAX_CLOCKS <= h <= VCLK_NR_HANDLES;
	    loop invariant bound_before: \forall integer g; VCLK_MAX_CLOCKS <= g < h ==>
	       vclk_handle_clock[g] != VCLK_NONE;
	    loop assigns h;
	    loop variant VCLK_NR_HANDLES - h;
	*/
	for (int h = VCLK_MAX_CLOCKS; h < VCLK_NR_HANDLES; h++) {
		if (vclk_handle_clock[h] == VCLK_NONE)
			return h;
	}
	return -1;
}

/*
 * Bind free consumer slot @h to clock @c.  The slot holds no reference,
 * so no sum changes: the ghost loops say so to the provers.
 */
/*@ requires inv:  vclk_invariant;
    requires slot: VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES;
    requires free: vclk_handle_clock[h] == VCLK_NONE;
    requires live: vclk_live(c);
    assigns  vclk_handle_clock[h], vclk_handle_misuse[h], vclk_handle_dev[h],
             vclk_handle_min[h], vclk_handle_max[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  inv:  vclk_invariant;
    ensures  bound: vclk_handle_clock[h] == c;
    ensures  fresh: vclk_handle_misuse[h] == 0 && vclk_handle_dev[h] == dev_id &&
                    vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
    ensures  ranges_kept: vclk_clk_ranges_kept{Pre, Post};
*/
static void vclk_handle_claim(int h, int c, const char *dev_id)
{
Claim:
	/* a new consumer asks no range yet */
	vclk_handle_bind(h, c);
	vclk_handle_misuse[h] = 0;
	vclk_handle_dev[h] = dev_id;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Claim}(q, n) &&
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Claim}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

/* Free consumer slot @h, which holds no reference. */
/*@ requires inv:  vclk_invariant;
    requires slot: VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES;
    requires idle: vclk_handle_prepares[h] == 0 && vclk_handle_enables[h] == 0;
    assigns  vclk_handle_clock[h], vclk_handle_min[h], vclk_handle_max[h],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  inv:  vclk_invariant;
    ensures  free: vclk_handle_clock[h] == VCLK_NONE;
    ensures  open: vclk_handle_min[h] == 0 && vclk_handle_max[h] == ULONG_MAX;
*/
static void vclk_handle_release(int h)
{
Release:
	/* its range goes, and stops counting for its clock */
	vclk_handle_bind(h, VCLK_NONE);
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Release}(q, n) &&
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Release}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
}

int vclk_get_nolock(const char *dev_id, const char *con_id, struct clk **clkp)
{
	int c, h;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	c = vclk_lookup_nolock(con_id);
	if (c < 0)
		return c;
	h = vclk_free_handle();
	if (h < 0)
		return -VCLK_ENOMEM;
	vclk_handle_claim(h, c, dev_id);
	//@ assert at: vclk_handle_at(&vclk_handles[h], h);
	*clkp = &vclk_handles[h];
	return 0;
}

struct clk *clk_get_nolock(const char *dev_id, const char *con_id)
{
	struct clk *clk = NULL;

	if (vclk_get_nolock(dev_id, con_id, &clk))
		return NULL;
	return clk;
}

int clk_put_nolock(struct clk *clk)
{
	int c, h;

	if (!clk)
		return 0;
	/* the slot before the liveness check: what clause "ok" says is about it */
	h = vclk_handle_index(clk);
	/*@ assert may_put: \at(vclk_may_put(clk), Pre) ==> vclk_busy == 0 &&
	      vclk_handle_clock[h] != VCLK_NONE &&
	      VCLK_MAX_CLOCKS <= h && vclk_handle_prepares[h] == 0 &&
	      vclk_handle_excl[h] == 0 &&
	      !(\exists integer n; 0 <= n < VCLK_MAX_NOTIFIERS &&
	          vclk_nb[n] != \null && vclk_nb_handle[n] == clk); */
	c = vclk_handle_live(clk);
	if (c < 0)
		return c;
	/* provider handles are not the consumer's to put */
	if (h < VCLK_MAX_CLOCKS)
		return -VCLK_EINVAL;
	/* a handle holding an enable holds a prepare too; a notifier's
	 * callbacks are passed the handle it was registered through; an
	 * exclusivity reference must not pass to the slot's next owner */
	if (vclk_handle_prepares[h] > 0 || vclk_handle_excl[h] > 0 ||
	    vclk_handle_notified(clk))
		return -VCLK_EBUSY;
	vclk_handle_release(h);
	return 0;
}

/* ==================== registration ==================== */

/*
 * Everything about @init that can be refused without looking at the pool.
 */
/*@ requires init: \valid_read(init);
    requires name: init->name == \null ||
                   vclk_readable_name((char *)init->name, VCLK_NAME_LEN);
    requires parent_names: 0 < init->num_parents <= VCLK_MAX_PARENTS ==>
                   \valid_read(init->parent_names + (0 .. init->num_parents - 1)) &&
                   \forall integer k; 0 <= k < init->num_parents ==>
                     init->parent_names[k] == \null ||
                     vclk_readable_name((char *)init->parent_names[k], VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  errno: \result == 0 || \result == -VCLK_EINVAL ||
                    \result == -VCLK_ENAMETOOLONG;
    ensures  ok: \result == 0 ==> init->name != \null &&
                 0 <= init->num_parents <= VCLK_MAX_PARENTS &&
                 \forall integer k; 0 <= k < init->num_parents ==>
                   init->parent_names[k] != \null;
    ensures  exact: \result == 0 <==> vclk_init_ok((struct vclk_init_data *)init);
    ensures  too_long: init->name != \null && vclk_name_too_long((char *)init->name) ==>
                 \result == -VCLK_ENAMETOOLONG;
*/
static int vclk_check_init(const struct vclk_init_data *init)
{
	int len;

	if (!init->name)
		return -VCLK_EINVAL;
	len = vclk_name_length(init->name);
	if (len < 0)
		return -VCLK_ENAMETOOLONG;
	if (len == 0)
		return -VCLK_EINVAL;
	if (init->num_parents < 0 || init->num_parents > VCLK_MAX_PARENTS)
		return -VCLK_EINVAL;
	/*@ loop invariant bound: 0 <= k <= init->num_parents;
	    loop invariant named: \forall integer j; 0 <= j < k ==>
	       vclk_name_proper((char *)init->parent_names[j]);
	    loop assigns k, len;
	    loop variant init->num_parents - k;
	*/
	for (int k = 0; k < init->num_parents; k++) {
		if (!init->parent_names[k])
			return -VCLK_EINVAL;
		len = vclk_name_length(init->parent_names[k]);
		if (len < 0)
			return -VCLK_ENAMETOOLONG;
		if (len == 0)
			return -VCLK_EINVAL;
	}
	return 0;
}

/*
 * Write @init into the free slot @c = vclk_nr_clocks.  The slot stays
 * unregistered (at rest), so only the flat input tables' invariants need
 * re-proving, and only for row c.  The inputs are looked up first, while
 * nothing is written yet.  Nothing names c afterwards: it is not live.
 *
 * Return: nothing; the input the hardware selects is in vclk_parent_index[c]
 * (-1 if none).
 */
/*@ requires clocks: vclk_clocks_ok;
    requires names: vclk_names_ok;
    requires slot: c == vclk_nr_clocks && c < VCLK_MAX_CLOCKS;
    requires init: \valid_read(init);
    requires checked: init->name != \null &&
                   vclk_readable_name((char *)init->name, VCLK_NAME_LEN) &&
                   0 <= init->num_parents <= VCLK_MAX_PARENTS;
    requires parent_names: 0 < init->num_parents ==>
                   \valid_read(init->parent_names + (0 .. init->num_parents - 1)) &&
                   \forall integer k; 0 <= k < init->num_parents ==>
                     vclk_readable_name((char *)init->parent_names[k], VCLK_NAME_LEN);
    assigns  vclk_name[c], vclk_flags[c], vclk_ops_of[c], vclk_priv_of[c],
             vclk_nr_parents[c],
             vclk_parent_name[VCLK_INPUT(c, 0) .. VCLK_INPUT(c, VCLK_MAX_PARENTS - 1)],
             vclk_parent_ids[VCLK_INPUT(c, 0) .. VCLK_INPUT(c, VCLK_MAX_PARENTS - 1)],
             vclk_parent_index[c];
    ensures  clocks: vclk_clocks_ok;
    ensures  names:  vclk_names_ok;
    ensures  filled: vclk_slot_filled(c);
    ensures  parents: vclk_nr_parents[c] == init->num_parents;
    ensures  unreferenced: \forall integer i;
                     0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
                     vclk_parent_ids[i] != c;
*/
static void vclk_fill_slot(int c, const struct vclk_init_data *init)
{
	int np = init->num_parents;
	int ids[VCLK_MAX_PARENTS];

	/*@ loop invariant bound: 0 <= k <= VCLK_MAX_PARENTS;
	    loop invariant found: \forall integer j; 0 <= j < k ==> -1 <= ids[j] < c;
	    loop assigns k, ids[0 .. VCLK_MAX_PARENTS - 1];
	    loop variant VCLK_MAX_PARENTS - k;
	*/
	for (int k = 0; k < VCLK_MAX_PARENTS; k++)
		ids[k] = k < np ? vclk_find(init->parent_names[k]) : VCLK_NONE;

	vclk_name[c] = init->name;
	vclk_flags[c] = init->flags;
	vclk_ops_of[c] = init->ops;
	vclk_priv_of[c] = init->priv;
	vclk_nr_parents[c] = np;
	/*@ loop invariant bound: 0 <= k <= VCLK_MAX_PARENTS;
	    loop invariant names: \forall integer i;
	       VCLK_INPUT(c, 0) <= i < VCLK_INPUT(c, k) ==>
	       vclk_parent_name[i] == \null ||
	       vclk_readable_name((char *)vclk_parent_name[i], VCLK_NAME_LEN);
	    loop invariant ids: \forall integer i;
	       VCLK_INPUT(c, 0) <= i < VCLK_INPUT(c, k) ==>
	       -1 <= vclk_parent_ids[i] < c;
	    loop assigns k,
	       vclk_parent_name[VCLK_INPUT(c, 0) .. VCLK_INPUT(c, VCLK_MAX_PARENTS - 1)],
	       vclk_parent_ids[VCLK_INPUT(c, 0) .. VCLK_INPUT(c, VCLK_MAX_PARENTS - 1)];
	    loop variant VCLK_MAX_PARENTS - k;
	*/
	for (int k = 0; k < VCLK_MAX_PARENTS; k++) {
		vclk_parent_name[VCLK_INPUT(c, k)] = k < np ? init->parent_names[k] : NULL;
		vclk_parent_ids[VCLK_INPUT(c, k)] = ids[k];
	}
	/* row c is the only one written, and c is not live: the provers
	 * need the two halves of vclk_clocks_ok apart */
	/*@ assert inputs: vclk_inputs_ok; */
	/*@ assert live_rows: \forall integer d; vclk_live(d) ==> vclk_clock_ok(d); */
	vclk_parent_index[c] = np > 0 ? vclk_op_get_parent(c, np) : 0;
	/*@ assert live_kept: \forall integer d; vclk_live(d) ==> vclk_clock_ok(d); */
	/*@ assert rest: \forall integer d; vclk_nr_clocks <= d < VCLK_MAX_CLOCKS ==>
	      vclk_slot_at_rest(d); */
}

/*
 * Make the filled slot @c a registered clock under @parent: it holds no
 * reference and no handle but its own refers to it, so no sum moves.
 */
/*@ requires inv:    vclk_invariant;
    requires slot:   c == vclk_nr_clocks && c < VCLK_MAX_CLOCKS;
    requires filled: vclk_slot_filled(c);
    requires parent: parent == VCLK_NONE ||
                     (vclk_live(parent) && vclk_nr_parents[c] > 0 &&
                      vclk_parent_index[c] >= 0 &&
                      parent == vclk_parent_ids[VCLK_INPUT(c, vclk_parent_index[c])] &&
                      vclk_depth[parent] < VCLK_MAX_CLOCKS - 1);
    assigns  vclk_parent[c], vclk_depth[c], vclk_handle_clock[c], vclk_nr_clocks,
             vclk_handle_min[c], vclk_handle_max[c],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  inv:    vclk_invariant;
    ensures  linked: vclk_nr_clocks == c + 1 && vclk_parent[c] == parent;
    ensures  fresh:  vclk_prepare_count[c] == 0 && vclk_enable_count[c] == 0;
*/
static void vclk_link(int c, int parent)
{
	//@ ghost vclk_lemma_sums();
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant none: vclk_handle_preps_upto(c, n) == 0 &&
	                          vclk_handle_ens_upto(c, n) == 0;
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant none: vclk_child_preps_upto(c, n) == 0 &&
	                          vclk_child_ens_upto(c, n) == 0;
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert no_child: \forall integer j; 0 <= j < VCLK_MAX_CLOCKS ==>
	      vclk_parent[j] != c; */
Link:
	vclk_parent[c] = parent;
	vclk_depth[c] = parent == VCLK_NONE ? 0 : vclk_depth[parent] + 1;
	/* its own handle's range now counts for it */
	vclk_handle_bind(c, c);
	vclk_nr_clocks = c + 1;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Link}(q, n) &&
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Link}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant same: \forall integer q;
	        vclk_child_preps_upto(q, n) == vclk_child_preps_upto{Link}(q, n) &&
	        vclk_child_ens_upto(q, n) == vclk_child_ens_upto{Link}(q, n);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/* vclk_clocks_ok piece by piece: as one goal it is at the provers'
	 * time limit */
	/*@ assert clock_c: vclk_clock_ok(c); */
	/*@ assert clocks_before: \forall integer i; 0 <= i < c ==>
	      vclk_parent[i] == \at(vclk_parent[i], Link) &&
	      vclk_parent_index[i] == \at(vclk_parent_index[i], Link); */
	/*@ assert clocks_old: \forall integer i; 0 <= i < c ==> vclk_clock_ok{Link}(i); */
	/*@ assert clocks_live: \forall integer i; vclk_live(i) ==> vclk_clock_ok(i); */
	/*@ assert inputs: vclk_inputs_ok; */
	/*@ assert at_rest: \forall integer i; vclk_nr_clocks <= i < VCLK_MAX_CLOCKS ==>
	      vclk_slot_at_rest(i); */
	/*@ assert clocks: vclk_clocks_ok; */
	/*@ assert handles: vclk_handles_ok; */
	/*@ assert names: vclk_names_ok; */
	/*@ assert depth_c: 0 <= vclk_depth[c] < VCLK_MAX_CLOCKS &&
	      (vclk_parent[c] == VCLK_NONE ==> vclk_depth[c] == 0) &&
	      (vclk_parent[c] != VCLK_NONE ==> 0 <= vclk_parent[c] < VCLK_MAX_CLOCKS &&
	         vclk_depth[c] == vclk_depth[vclk_parent[c]] + 1); */
	/*@ assert depth_others: \forall integer i; 0 <= i < VCLK_MAX_CLOCKS && i != c ==>
	      vclk_depth[i] == \at(vclk_depth[i], Link) &&
	      vclk_parent[i] == \at(vclk_parent[i], Link) &&
	      (vclk_parent[i] != VCLK_NONE ==> vclk_parent[i] != c); */
	/*@ assert acyclic: vclk_acyclic; */
	/*@ assert prep: vclk_prep_balanced; */
	/*@ assert en: vclk_en_balanced; */
}

/* Undo vclk_link() of the last clock @c, which holds no reference again. */
/*@ requires inv:    vclk_invariant;
    requires last:   vclk_nr_clocks >= 1 && c == vclk_nr_clocks - 1;
    requires idle:   vclk_prepare_count[c] == 0 && vclk_enable_count[c] == 0 &&
                     vclk_handle_prepares[c] == 0 && vclk_handle_enables[c] == 0;
    requires unused: \forall integer h; VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES ==>
                       vclk_handle_clock[h] != c;
    requires leaf:   \forall integer j; 0 <= j < VCLK_MAX_CLOCKS ==>
                       vclk_parent[j] != c;
    requires unreferenced: \forall integer i;
                       0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
                       vclk_parent_ids[i] != c;
    assigns  vclk_parent[c], vclk_depth[c], vclk_handle_clock[c], vclk_nr_clocks,
             vclk_handle_min[c], vclk_handle_max[c],
             vclk_clk_min[0 .. VCLK_MAX_CLOCKS-1],
             vclk_clk_max[0 .. VCLK_MAX_CLOCKS-1];
    ensures  inv:    vclk_invariant;
    ensures  gone:   vclk_nr_clocks == c;
*/
static void vclk_unlink(int c)
{
Unlink:
	vclk_parent[c] = VCLK_NONE;
	vclk_depth[c] = 0;
	vclk_handle_bind(c, VCLK_NONE);
	vclk_nr_clocks = c;
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_NR_HANDLES;
	     loop invariant same: \forall integer q;
	        vclk_handle_preps_upto(q, n) == vclk_handle_preps_upto{Unlink}(q, n) &&
	        vclk_handle_ens_upto(q, n) == vclk_handle_ens_upto{Unlink}(q, n);
	     loop assigns n;
	     loop variant VCLK_NR_HANDLES - n;
	  @/
	  for (int n = 0; n < VCLK_NR_HANDLES; n++)
	    ;
	*/
	/*@ ghost
	  /@ loop invariant bound: 0 <= n <= VCLK_MAX_CLOCKS;
	     loop invariant same: \forall integer q;
	        vclk_child_preps_upto(q, n) == vclk_child_preps_upto{Unlink}(q, n) &&
	        vclk_child_ens_upto(q, n) == vclk_child_ens_upto{Unlink}(q, n);
	     loop assigns n;
	     loop variant VCLK_MAX_CLOCKS - n;
	  @/
	  for (int n = 0; n < VCLK_MAX_CLOCKS; n++)
	    ;
	*/
	/*@ assert clocks: vclk_clocks_ok; */
	/*@ assert handles: vclk_handles_ok; */
	/*@ assert names: vclk_names_ok; */
	/*@ assert acyclic: vclk_acyclic; */
	/*@ assert prep: vclk_prep_balanced; */
	/*@ assert en: vclk_en_balanced; */
}

/*
 * Offer every orphan its wanted parent: the names of inputs that were
 * not registered are matched against the new clock @c, then each orphan
 * whose input now exists is adopted, references and all.  An adoption
 * the parent's provider refuses leaves that orphan as it was; it is
 * offered again at the next registration.
 */
/*@ requires inv:  vclk_invariant;
    requires live: vclk_live(c);
    assigns  vclk_parent_ids[..], vclk_parent[..], vclk_depth[..],
             vclk_parent_index[..], vclk_rate[..], vclk_prepare_count[..],
             vclk_enable_count[..], vclk_hw_state[..], vclk_walk_top;
    ensures  inv:  vclk_invariant;
    ensures  kept: vclk_nr_clocks == \old(vclk_nr_clocks);
*/
static void vclk_adopt_orphans(int c)
{
	/*@ loop invariant bound: 0 <= i <= vclk_nr_clocks;
	    loop invariant inv: vclk_invariant;
	    loop assigns i, vclk_parent_ids[..], vclk_parent[..], vclk_depth[..],
	       vclk_parent_index[..], vclk_rate[..], vclk_prepare_count[..],
	       vclk_enable_count[..], vclk_hw_state[..], vclk_walk_top;
	    loop variant vclk_nr_clocks - i;
	*/
	for (int i = 0; i < vclk_nr_clocks; i++) {
		int index, p;

		//@ assert slot: 0 <= i < VCLK_MAX_CLOCKS;
		/*@ loop invariant bound: 0 <= k <= vclk_nr_parents[i];
		    loop invariant inv: vclk_invariant;
		    loop assigns k, vclk_parent_ids[..];
		    loop variant vclk_nr_parents[i] - k;
		*/
		for (int k = 0; k < vclk_nr_parents[i]; k++) {
			/* inputs below nr_parents are named (vclk_check_init);
			 * the invariant only says "unset or readable" */
			if (vclk_parent_ids[VCLK_INPUT(i, k)] == VCLK_NONE &&
			    vclk_parent_name[VCLK_INPUT(i, k)] &&
			    vclk_name_equal(vclk_parent_name[VCLK_INPUT(i, k)], vclk_name[c]))
				vclk_parent_ids[VCLK_INPUT(i, k)] = c;
		}
		index = vclk_parent_index[i];
		if (vclk_parent[i] != VCLK_NONE || vclk_nr_parents[i] == 0 || index < 0)
			continue;
		p = vclk_parent_ids[VCLK_INPUT(i, index)];
		if (p == VCLK_NONE || p == i || clk_core_is_ancestor(i, p))
			continue;
		(void)clk_core_reparent(i, p, index, 0);
	}
}

/*
 * Start CLK_IS_CRITICAL clock @c, just linked, through free consumer
 * handle @critical.  If its provider refuses, @c is unlinked again and
 * the registration fails with nothing kept.  A function of its own so
 * that vclk_add()'s goals need not carry this path's rollback.
 */
/*@ requires inv:    vclk_invariant;
    requires last:   vclk_nr_clocks >= 1 && c == vclk_nr_clocks - 1;
    requires fresh:  vclk_prepare_count[c] == 0 && vclk_enable_count[c] == 0 &&
                     vclk_handle_prepares[c] == 0 && vclk_handle_enables[c] == 0;
    requires unused: \forall integer h; VCLK_MAX_CLOCKS <= h < VCLK_NR_HANDLES ==>
                       vclk_handle_clock[h] != c;
    requires leaf:   \forall integer j; 0 <= j < VCLK_MAX_CLOCKS ==>
                       vclk_parent[j] != c;
    requires unreferenced: \forall integer i;
                       0 <= i < VCLK_MAX_CLOCKS * VCLK_MAX_PARENTS ==>
                       vclk_parent_ids[i] != c;
    requires critical: VCLK_MAX_CLOCKS <= critical < VCLK_NR_HANDLES &&
                     vclk_handle_clock[critical] == VCLK_NONE;
    assigns  vclk_nr_clocks, vclk_parent[c], vclk_depth[c], vclk_rate[c],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_clock[..], vclk_handle_prepares[..],
             vclk_handle_enables[..], vclk_handle_misuse[critical],
             vclk_handle_dev[critical],
             vclk_handle_min[critical], vclk_handle_max[critical],
             vclk_handle_min[c], vclk_handle_max[c],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:     vclk_invariant;
    ensures  started: \result == 0 ==> vclk_nr_clocks == c + 1;
    ensures  errno:   \result != 0 ==> -VCLK_MAX_ERRNO <= \result < 0 &&
                      vclk_nr_clocks == c;
*/
static int vclk_start_critical(int c, int critical)
{
	int ret;

	vclk_handle_claim(critical, c, "critical");
	//@ assert at: vclk_handle_at(&vclk_handles[critical], critical);
	ret = clk_prepare_enable_nolock(&vclk_handles[critical]);
	if (!ret)
		return 0;
	vclk_handle_release(critical);
	vclk_rate[c] = 0;
	vclk_unlink(c);
	return ret;
}

/*
 * The writing half of vclk_register(): @init is checked, its name is not
 * in use and slot @c is the next free one; @critical is a free consumer
 * handle for a CLK_IS_CRITICAL clock, or VCLK_NONE.
 */
/*@ requires inv:  vclk_invariant;
    requires slot: c == vclk_nr_clocks && 0 <= c < VCLK_MAX_CLOCKS;
    requires critical: critical == VCLK_NONE ||
                   (VCLK_MAX_CLOCKS <= critical < VCLK_NR_HANDLES &&
                    vclk_handle_clock[critical] == VCLK_NONE);
    requires init: \valid_read(init);
    requires checked: init->name != \null &&
                   vclk_readable_name((char *)init->name, VCLK_NAME_LEN) &&
                   0 <= init->num_parents <= VCLK_MAX_PARENTS;
    requires parent_names: 0 < init->num_parents ==>
                   \valid_read(init->parent_names + (0 .. init->num_parents - 1)) &&
                   \forall integer k; 0 <= k < init->num_parents ==>
                     vclk_readable_name((char *)init->parent_names[k], VCLK_NAME_LEN);
    assigns  vclk_nr_clocks, vclk_name[..], vclk_flags[..], vclk_ops_of[..],
             vclk_priv_of[..], vclk_parent[..], vclk_depth[..],
             vclk_nr_parents[..], vclk_parent_name[..],
             vclk_parent_ids[..], vclk_parent_index[..], vclk_rate[..],
             vclk_prepare_count[..], vclk_enable_count[..],
             vclk_handle_clock[..], vclk_handle_prepares[..],
             vclk_handle_enables[..], vclk_handle_misuse[..], vclk_handle_dev[..],
             vclk_handle_min[..], vclk_handle_max[..],
             vclk_clk_min[..], vclk_clk_max[..],
             vclk_hw_state[..], vclk_walk_top;
    ensures  inv:   vclk_invariant;
    ensures  id:    \result >= 0 ==> \result == c && vclk_nr_clocks == c + 1;
    ensures  errno: \result < 0 ==> -VCLK_MAX_ERRNO <= \result &&
                    vclk_nr_clocks == c;
*/
static int vclk_add(int c, const struct vclk_init_data *init, int critical)
{
	int index, parent, ret;

	vclk_fill_slot(c, init);
	/*@ assert inv: vclk_invariant; */
	index = vclk_parent_index[c];
	parent = (vclk_nr_parents[c] > 0 && index >= 0) ?
		 vclk_parent_ids[VCLK_INPUT(c, index)] : VCLK_NONE;
	//@ assert parent_ok: parent == VCLK_NONE || (0 <= parent < c);
	/* unreachable in a real tree; keeps the depth bound a checked fact */
	if (parent != VCLK_NONE && vclk_depth[parent] >= VCLK_MAX_CLOCKS - 1) {
		/*@ assert inv_unlinked: vclk_invariant; */
		return -VCLK_EINVAL;
	}
	vclk_link(c, parent);
	vclk_rate[c] = clk_core_rate_from_parent(c);

	if (critical != VCLK_NONE) {
		ret = vclk_start_critical(c, critical);
		if (ret)
			return ret;
	}
	vclk_adopt_orphans(c);
	/*@ assert inv_added: vclk_invariant; */
	return c;
}

int vclk_register_nolock(const struct vclk_init_data *init)
{
	int critical = VCLK_NONE;
	int ret;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	ret = vclk_check_init(init);
	if (ret)
		return ret;
	if (vclk_find(init->name) >= 0)
		return -VCLK_EEXIST;
	if (vclk_nr_clocks >= VCLK_MAX_CLOCKS)
		return -VCLK_ENOMEM;
	if (init->flags & CLK_IS_CRITICAL) {
		critical = vclk_free_handle();
		if (critical < 0)
			return -VCLK_ENOMEM;
	}
	return vclk_add(vclk_nr_clocks, init, critical);
}

/* ==================== introspection ==================== */

int vclk_clock_count_nolock(void)
{
	return vclk_nr_clocks;
}

int vclk_clock_id_nolock(const struct clk *clk)
{
	if (!clk)
		return VCLK_NONE;
	return vclk_handle_clock[vclk_handle_index(clk)];
}

struct clk *vclk_clock_handle_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return NULL;
	//@ assert at: vclk_handle_at(&vclk_handles[id], id);
	return &vclk_handles[id];
}

const char *vclk_clock_name_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return "";
	return vclk_name[id];
}

int vclk_clock_parent_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return VCLK_NONE;
	return vclk_parent[id];
}

int vclk_clock_num_parents_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return 0;
	return vclk_nr_parents[id];
}

int vclk_clock_parent_id_nolock(int id, int index)
{
	if (id < 0 || id >= vclk_nr_clocks || index < 0 ||
	    index >= VCLK_MAX_PARENTS)
		return VCLK_NONE;
	return vclk_parent_ids[VCLK_INPUT(id, index)];
}

uint32_t vclk_clock_prepare_count(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return 0;
	return vclk_prepare_count[id];
}

uint32_t vclk_clock_enable_count(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return 0;
	return vclk_enable_count[id];
}

unsigned long vclk_clock_rate_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return 0;
	return vclk_rate[id];
}

unsigned long vclk_clock_flags_nolock(int id)
{
	if (id < 0 || id >= vclk_nr_clocks)
		return 0;
	return vclk_flags[id];
}
