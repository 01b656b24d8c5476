/* SPDX-License-Identifier: MIT */
/*
 * spec/clkdev.h - the clkdev lookup table is well formed (REQ-CLKDEV-1),
 * and what its calls find, add and drop (REQ-CLKDEV-2).
 *
 * Kept apart from vclk_invariant on purpose: the table only holds names,
 * no clock or handle refers to it, and a function that does not write it
 * keeps this predicate by its assigns clause alone.
 */
#ifndef VCLK_SPEC_CLKDEV_H
#define VCLK_SPEC_CLKDEV_H

/*@
  // REQ-CLKDEV-1: a key of an entry: a wildcard or a readable name
  predicate vclk_clkdev_key_ok{L}(char *s) =
    s == \null || vclk_readable_name(s, VCLK_NAME_LEN);

  // REQ-CLKDEV-1: every used entry's names can be read (the clock name by vclk_get)
  predicate vclk_clkdev_ok{L} =
    \forall integer i; 0 <= i < VCLK_MAX_LOOKUPS ==>
      vclk_clkdev_clock[i] == \null ||
      (vclk_readable_name((char *)vclk_clkdev_clock[i], VCLK_NAME_LEN) &&
       vclk_clkdev_key_ok((char *)vclk_clkdev_dev[i]) &&
       vclk_clkdev_key_ok((char *)vclk_clkdev_con[i]));

  // REQ-CLKDEV-2: keys a and b are equal: both wildcards, or the same name
  predicate vclk_clkdev_key_same{L}(char *a, char *b) =
    (a == \null && b == \null) ||
    (a != \null && b != \null && vclk_same_name(a, b, VCLK_NAME_LEN));

  // REQ-CLKDEV-2: entry i was added for exactly the keys (dev, con)
  predicate vclk_clkdev_is_entry{L}(integer i, char *dev, char *con) =
    vclk_clkdev_clock[i] != \null &&
    vclk_clkdev_key_same((char *)vclk_clkdev_dev[i], dev) &&
    vclk_clkdev_key_same((char *)vclk_clkdev_con[i], con);

  // REQ-CLKDEV-2: no entry was added for exactly (dev, con)
  predicate vclk_clkdev_no_entry{L}(char *dev, char *con) =
    \forall integer j; 0 <= j < VCLK_MAX_LOOKUPS ==> !vclk_clkdev_is_entry(j, dev, con);

  // REQ-CLKDEV-2: an entry's key matches the key asked: the entry's is a
  // wildcard, or both are the same name (a wildcard asked matches only a
  // wildcard, as in Linux's clk_find())
  predicate vclk_clkdev_key_match{L}(char *entry, char *key) =
    entry == \null || (key != \null && vclk_same_name(entry, key, VCLK_NAME_LEN));

  // REQ-CLKDEV-2: clk_find()'s score of entry i: 2 for a device key, 1
  // for a connection key
  logic integer vclk_clkdev_score{L}(integer i) =
    (vclk_clkdev_dev[i] != \null ? 2 : 0) + (vclk_clkdev_con[i] != \null ? 1 : 0);

  // REQ-CLKDEV-2: entry i matches (dev, con): used, both keys match, and
  // it scores (an entry with neither key never matches)
  predicate vclk_clkdev_matches{L}(integer i, char *dev, char *con) =
    vclk_clkdev_clock[i] != \null &&
    vclk_clkdev_key_match((char *)vclk_clkdev_dev[i], dev) &&
    vclk_clkdev_key_match((char *)vclk_clkdev_con[i], con) &&
    vclk_clkdev_score(i) > 0;

  // REQ-CLKDEV-2: entry i is clk_find()'s answer for (dev, con): it
  // matches, no entry scores more and no earlier one as much
  predicate vclk_clkdev_best{L}(integer i, char *dev, char *con) =
    0 <= i < VCLK_MAX_LOOKUPS && vclk_clkdev_matches(i, dev, con) &&
    \forall integer j; 0 <= j < VCLK_MAX_LOOKUPS &&
      vclk_clkdev_matches(j, dev, con) ==>
      vclk_clkdev_score(j) < vclk_clkdev_score(i) ||
      (vclk_clkdev_score(j) == vclk_clkdev_score(i) && i <= j);

  // REQ-CLKDEV-2: no entry matches (dev, con)
  predicate vclk_clkdev_no_match{L}(char *dev, char *con) =
    \forall integer j; 0 <= j < VCLK_MAX_LOOKUPS ==> !vclk_clkdev_matches(j, dev, con);

  // REQ-CLKDEV-2: no entry but i changed between L1 and L2 (i == -1: none)
  predicate vclk_clkdev_kept_but{L1, L2}(integer i) =
    \forall integer j; 0 <= j < VCLK_MAX_LOOKUPS && j != i ==>
      \at(vclk_clkdev_dev[j], L2) == \at(vclk_clkdev_dev[j], L1) &&
      \at(vclk_clkdev_con[j], L2) == \at(vclk_clkdev_con[j], L1) &&
      \at(vclk_clkdev_clock[j], L2) == \at(vclk_clkdev_clock[j], L1);

  // REQ-CLKDEV-2: what vclk_clkdev_add() accepts: a proper clock name,
  // at least one key, and keys that end in time
  predicate vclk_clkdev_args_ok{L}(char *dev, char *con, char *clock) =
    vclk_name_proper(clock) && (dev != \null || con != \null) &&
    (dev == \null || !vclk_name_too_long(dev)) &&
    (con == \null || !vclk_name_too_long(con));

  // REQ-CLKDEV-2: every entry is used
  predicate vclk_clkdev_full{L} =
    \forall integer j; 0 <= j < VCLK_MAX_LOOKUPS ==> vclk_clkdev_clock[j] != \null;

  predicate vclk_clkdev_empty{L} =
    \forall integer i; 0 <= i < VCLK_MAX_LOOKUPS ==> vclk_clkdev_clock[i] == \null;
*/

#endif /* VCLK_SPEC_CLKDEV_H */
