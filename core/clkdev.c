/* SPDX-License-Identifier: MIT */
/*
 * core/clkdev.c - clkdev lookups: (device, connection) names to a clock.
 *
 * Linux's clkdev keeps a list of clk_lookup entries and clk_find() scores
 * them; here the entries are a static table (VCLK_MAX_LOOKUPS) and the
 * clock is then found by name with vclk_get(), so a handle from
 * vclk_get_sys() is an ordinary consumer handle.
 */
#include "vclk_nolock.h"
#include "vclk_core.h"

const char *vclk_clkdev_dev[VCLK_MAX_LOOKUPS];
const char *vclk_clkdev_con[VCLK_MAX_LOOKUPS];
const char *vclk_clkdev_clock[VCLK_MAX_LOOKUPS];

/* clk_find()'s scores: what an exact (non-wildcard) key is worth */
#define VCLK_CLKDEV_DEV_SCORE 2
#define VCLK_CLKDEV_CON_SCORE 1

void vclk_clkdev_reset(void)
{
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_LOOKUPS;
	    loop invariant free: \forall integer j; 0 <= j < i ==>
	       vclk_clkdev_clock[j] == \null;
	    loop assigns i, vclk_clkdev_dev[..], vclk_clkdev_con[..],
	       vclk_clkdev_clock[..];
	    loop variant VCLK_MAX_LOOKUPS - i;
	*/
	for (int i = 0; i < VCLK_MAX_LOOKUPS; i++) {
		vclk_clkdev_dev[i] = NULL;
		vclk_clkdev_con[i] = NULL;
		vclk_clkdev_clock[i] = NULL;
	}
}

/*
 * Whether @s fits in VCLK_NAME_LEN bytes with its terminator, and, if
 * @nonempty, has a character.  (pool.c's name helpers are static so that
 * its proof does not depend on this file; these are their twins.)
 */
/*@ requires readable: vclk_readable_name((char *)s, VCLK_NAME_LEN);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  fits: \result == 1 <==> !vclk_name_too_long((char *)s) &&
                   (nonempty == 0 || s[0] != 0);
*/
static int vclk_clkdev_name_fits(const char *s, int nonempty)
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
			return k > 0 || !nonempty;
	}
	return 0;
}

/* Whether keys @a and @b are equal: both NULL, or the same name. */
/*@ requires keys: vclk_clkdev_key_ok((char *)a) && vclk_clkdev_key_ok((char *)b);
    assigns  \nothing;
    ensures  bool: \result == 0 || \result == 1;
    ensures  null: (a == \null || b == \null) ==>
                   (\result == 1 <==> a == \null && b == \null);
    ensures  same: \result == 1 <==> vclk_clkdev_key_same((char *)a, (char *)b);
*/
static int vclk_clkdev_key_equal(const char *a, const char *b)
{
	if (!a || !b)
		return !a && !b;
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

/*
 * clk_find(): the entry that matches (@dev_id, @con_id) best.  An entry's
 * key matches a wildcard-free equal key; its NULL key matches anything
 * (a NULL key asked for matches only a NULL key in an entry).  A match
 * must score, as in Linux's clk_find(): an entry with neither key never
 * matches (vclk_clkdev_add() refuses one).
 * Return: the entry's index, -1 if none matches.
 */
/*@ requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    assigns  \nothing;
    ensures  range:   -1 <= \result < VCLK_MAX_LOOKUPS;
    ensures  used:    \result >= 0 ==> vclk_clkdev_clock[\result] != \null;
    ensures  no_keys: dev_id == \null && con_id == \null ==> \result == -1;
    ensures  best:    \result >= 0 ==>
                      vclk_clkdev_best(\result, (char *)dev_id, (char *)con_id);
    ensures  none:    \result == -1 ==>
                      vclk_clkdev_no_match((char *)dev_id, (char *)con_id);
*/
static int vclk_clkdev_find(const char *dev_id, const char *con_id)
{
	int best = -1, best_score = 0;

	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_LOOKUPS;
	    loop invariant found: best >= 0 ==>
	       vclk_clkdev_matches(best, (char *)dev_id, (char *)con_id) &&
	       best_score == vclk_clkdev_score(best);
	    loop invariant unfound: best == -1 ==> best_score == 0;
	    loop invariant better: \forall integer j; 0 <= j < i &&
	       vclk_clkdev_matches(j, (char *)dev_id, (char *)con_id) ==>
	       vclk_clkdev_score(j) < best_score ||
	       (vclk_clkdev_score(j) == best_score && best <= j);
	    loop invariant best: -1 <= best < i;
	    loop invariant used: best >= 0 ==> vclk_clkdev_clock[best] != \null;
	    loop invariant score: 0 <= best_score <= 3;
	    loop invariant no_keys: dev_id == \null && con_id == \null ==> best == -1;
	    loop assigns i, best, best_score;
	    loop variant VCLK_MAX_LOOKUPS - i;
	*/
	for (int i = 0; i < VCLK_MAX_LOOKUPS; i++) {
		int score = 0;

		if (!vclk_clkdev_clock[i])
			continue;
		if (vclk_clkdev_dev[i]) {
			if (!dev_id || !vclk_clkdev_key_equal(vclk_clkdev_dev[i], dev_id))
				continue;
			score += VCLK_CLKDEV_DEV_SCORE;
		}
		if (vclk_clkdev_con[i]) {
			if (!con_id || !vclk_clkdev_key_equal(vclk_clkdev_con[i], con_id))
				continue;
			score += VCLK_CLKDEV_CON_SCORE;
		}
		/* strictly better only: among equals the first added wins */
		if (score > best_score) {
			best = i;
			best_score = score;
		}
	}
	return best;
}

/* The entry added for exactly (@dev_id, @con_id), -1 if none. */
/*@ requires lookups: vclk_clkdev_ok;
    requires keys:    vclk_clkdev_key_ok((char *)dev_id) &&
                      vclk_clkdev_key_ok((char *)con_id);
    assigns  \nothing;
    ensures  range:   -1 <= \result < VCLK_MAX_LOOKUPS;
    ensures  used:    \result >= 0 ==> vclk_clkdev_clock[\result] != \null;
    ensures  found:   \result >= 0 ==>
                      vclk_clkdev_is_entry(\result, (char *)dev_id, (char *)con_id);
    ensures  none:    \result == -1 ==>
                      vclk_clkdev_no_entry((char *)dev_id, (char *)con_id);
*/
static int vclk_clkdev_entry(const char *dev_id, const char *con_id)
{
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_LOOKUPS;
	    loop invariant none: \forall integer j; 0 <= j < i ==>
	       !vclk_clkdev_is_entry(j, (char *)dev_id, (char *)con_id);
	    loop assigns i;
	    loop variant VCLK_MAX_LOOKUPS - i;
	*/
	for (int i = 0; i < VCLK_MAX_LOOKUPS; i++) {
		if (vclk_clkdev_clock[i] &&
		    vclk_clkdev_key_equal(vclk_clkdev_dev[i], dev_id) &&
		    vclk_clkdev_key_equal(vclk_clkdev_con[i], con_id))
			return i;
	}
	return -1;
}

int vclk_clkdev_add_nolock(const char *dev_id, const char *con_id, const char *clock_name)
{
	if (vclk_busy)
		return -VCLK_EDEADLK;
	if (!clock_name || !vclk_clkdev_name_fits(clock_name, 1))
		return -VCLK_EINVAL;
	/* an entry with neither key would never match (clk_find()) */
	if (!dev_id && !con_id)
		return -VCLK_EINVAL;
	if ((dev_id && !vclk_clkdev_name_fits(dev_id, 0)) ||
	    (con_id && !vclk_clkdev_name_fits(con_id, 0)))
		return -VCLK_EINVAL;
	if (vclk_clkdev_entry(dev_id, con_id) >= 0)
		return -VCLK_EEXIST;
	/*@ loop invariant bound: 0 <= i <= VCLK_MAX_LOOKUPS;
	    loop invariant used: \forall integer j; 0 <= j < i ==>
	       vclk_clkdev_clock[j] != \null;
	    loop assigns i;
	    loop variant VCLK_MAX_LOOKUPS - i;
	*/
	for (int i = 0; i < VCLK_MAX_LOOKUPS; i++) {
		if (!vclk_clkdev_clock[i]) {
			vclk_clkdev_dev[i] = dev_id;
			vclk_clkdev_con[i] = con_id;
			vclk_clkdev_clock[i] = clock_name;
			return 0;
		}
	}
	return -VCLK_ENOMEM;
}

int vclk_clkdev_drop_nolock(const char *dev_id, const char *con_id)
{
	int i;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	i = vclk_clkdev_entry(dev_id, con_id);
	if (i < 0)
		return -VCLK_ENOENT;
	vclk_clkdev_clock[i] = NULL;
	vclk_clkdev_dev[i] = NULL;
	vclk_clkdev_con[i] = NULL;
	return 0;
}

int vclk_get_sys_nolock(const char *dev_id, const char *con_id, struct clk **clkp)
{
	int i;

	if (vclk_busy)
		return -VCLK_EDEADLK;
	i = vclk_clkdev_find(dev_id, con_id);
	if (i < 0)
		return -VCLK_ENOENT;
	return vclk_get_nolock(dev_id, vclk_clkdev_clock[i], clkp);
}

struct clk *clk_get_sys_nolock(const char *dev_id, const char *con_id)
{
	struct clk *clk = NULL;

	if (vclk_get_sys_nolock(dev_id, con_id, &clk))
		return NULL;
	return clk;
}
