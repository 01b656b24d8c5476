/* SPDX-License-Identifier: MIT */
/*
 * spec/names.h - what a clock's name is and how a lookup finds it
 * (REQ-NAME-1).
 *
 * Names are compared as vclk_name_equal() compares them: byte by byte up
 * to the first terminator, or VCLK_NAME_LEN bytes.  A lookup answers the
 * first registered clock with the name (vclk_register() refuses a name
 * in use, so in practice the only one).
 */
#ifndef VCLK_SPEC_NAMES_H
#define VCLK_SPEC_NAMES_H

/*@
  // REQ-NAME-1: a and b hold the same name: the same bytes up to the
  // first terminator, or to n bytes
  predicate vclk_same_name{L}(char *a, char *b, integer n) =
    n <= 0 || (a[0] == b[0] && (a[0] == 0 || vclk_same_name(a + 1, b + 1, n - 1)));

  // REQ-NAME-1: s has no terminator in its first VCLK_NAME_LEN bytes
  predicate vclk_name_too_long{L}(char *s) =
    \forall integer k; 0 <= k < VCLK_NAME_LEN ==> s[k] != 0;

  // REQ-NAME-1: a name the lookups accept: set, and ending in time
  predicate vclk_name_usable{L}(char *s) =
    s != \null && !vclk_name_too_long(s);

  // REQ-NAME-1: a name a clock may have: usable and not empty
  predicate vclk_name_proper{L}(char *s) =
    vclk_name_usable(s) && s[0] != 0;

  // REQ-NAME-1: clock c is the first registered clock called name
  predicate vclk_first_named{L}(integer c, char *name) =
    vclk_live(c) &&
    vclk_same_name((char *)vclk_name[c], name, VCLK_NAME_LEN) &&
    \forall integer d; 0 <= d < c ==>
      !vclk_same_name((char *)vclk_name[d], name, VCLK_NAME_LEN);

  // REQ-NAME-1: no registered clock is called name
  predicate vclk_unnamed{L}(char *name) =
    \forall integer d; vclk_live(d) ==>
      !vclk_same_name((char *)vclk_name[d], name, VCLK_NAME_LEN);
*/

#endif
