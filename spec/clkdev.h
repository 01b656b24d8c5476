/* SPDX-License-Identifier: MIT */
/*
 * spec/clkdev.h - the clkdev lookup table is well formed.
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

  predicate vclk_clkdev_empty{L} =
    \forall integer i; 0 <= i < VCLK_MAX_LOOKUPS ==> vclk_clkdev_clock[i] == \null;
*/

#endif /* VCLK_SPEC_CLKDEV_H */
