(* SPDX-License-Identifier: MIT *)
(*
 * harness/eacsl/eacsl_filter.ml - a Frama-C module loaded (-load-module)
 * before E-ACSL by harness/eacsl/eacsl-check.sh.
 *
 * E-ACSL 25 (Manganese) never finishes typing an annotation that calls a
 * recursive logic definition: its interval inference iterates without
 * end (a 10-line file with a recursive predicate already hangs).  The
 * spec of the core has several (spec/acyclic.h, spec/balance.h), and
 * vclk_invariant reaches them, so E-ACSL on core/ would never return.
 *
 * This module marks, in the analysis E-ACSL is about to translate,
 * exactly the annotations that reach a recursive logic definition
 * (directly or through the definitions they call) so that E-ACSL leaves
 * them out, and writes one line per such annotation to the file named by
 * $VCLK_EACSL_SKIPS:
 *
 *   function <TAB> kind <TAB> name <TAB> file:line <TAB> reason
 *
 * It also writes, to $VCLK_EACSL_SKIPS.all, one line per annotation it
 * saw (same columns, reason "-"), so that the check can count the total.
 * Nothing in the sources changes; the mark exists only in memory, in the
 * analysis that E-ACSL reads (no WP runs there), and every annotation it
 * leaves out is reported.
 *)

open Cil_types

(* the logic definitions a definition's body uses *)
let direct_uses li =
  let acc = ref [] in
  let vis =
    object
      inherit Visitor.frama_c_inplace
      method! vlogic_info_use li' =
        acc := li' :: !acc;
        Cil.SkipChildren
    end
  in
  (match li.l_body with
   | LBterm t -> ignore (Visitor.visitFramacTerm vis t)
   | LBpred p -> ignore (Visitor.visitFramacPredicate vis p)
   | LBinductive l ->
     List.iter (fun (_, _, _, p) -> ignore (Visitor.visitFramacPredicate vis p)) l
   | LBreads _ | LBnone -> ());
  !acc

let id li = li.l_var_info.lv_id
let name li = li.l_var_info.lv_name

(* is li on a cycle of the call graph of logic definitions? *)
let recursive li =
  let seen = Hashtbl.create 17 in
  let rec reaches_li l =
    List.exists
      (fun l' ->
         id l' = id li
         || (not (Hashtbl.mem seen (id l'))
             && (Hashtbl.add seen (id l') ();
                 reaches_li l')))
      (direct_uses l)
  in
  reaches_li li

(* a logic function of an axiomatic, without a definition: E-ACSL 25
 * crashes on some ("typing was not performed on construct id") *)
let undefined li =
  (match li.l_body with LBnone | LBreads _ -> true | _ -> false)
  && not (Logic_env.is_builtin_logic_function (name li))

(* the first recursive or undefined definition reachable from li, if any *)
let recursive_below =
  let memo = Hashtbl.create 17 in
  fun li ->
    let seen = Hashtbl.create 17 in
    let rec go l =
      match Hashtbl.find_opt memo (id l) with
      | Some r -> r
      | None ->
        if Hashtbl.mem seen (id l) then None
        else begin
          Hashtbl.add seen (id l) ();
          let r =
            if recursive l then Some ("recursive " ^ name l)
            else if undefined l then Some ("undefined " ^ name l)
            else List.fold_left
                (fun r l' -> match r with Some _ -> r | None -> go l')
                None (direct_uses l)
          in
          Hashtbl.replace memo (id l) r;
          r
        end
    in
    go li

let uses_of_pred p =
  let acc = ref [] in
  let vis =
    object
      inherit Visitor.frama_c_inplace
      method! vlogic_info_use li =
        acc := li :: !acc;
        Cil.SkipChildren
    end
  in
  ignore (Visitor.visitFramacPredicate vis p);
  List.rev !acc

(* built-in logic functions that crash E-ACSL 25 when an annotation
 * applies them directly ("typing was not performed on construct"): \abs *)
let crashing_builtins = [ "\\abs" ]

(* Some (reason) if the predicate reaches a recursive logic definition or
 * applies a crashing built-in *)
let blocked p =
  List.fold_left
    (fun r li ->
       match r with
       | Some _ -> r
       | None when List.mem (name li) crashing_builtins ->
         Some (Printf.sprintf "applies %s (E-ACSL 25 crashes on it)" (name li))
       | None ->
         match recursive_below li with
         | None -> None
         | Some rec_name ->
           Some (Printf.sprintf "%s reaches %s" (name li) rec_name))
    None (uses_of_pred p)

(* E-ACSL 25 aborts the whole translation ("used before being translated")
 * on a loop invariant with \at(t, L), L a C label before the loop, as in
 * "Before: loop invariant ... \at(x, Before)" *)
let at_c_label p =
  let hit = ref false in
  let vis =
    object
      inherit Visitor.frama_c_inplace
      method! vlogic_label l =
        (match l with
         | StmtLabel _ -> hit := true
         | _ -> ());
        Cil.SkipChildren
    end
  in
  ignore (Visitor.visitFramacPredicate vis p);
  !hit

(* E-ACSL's memory predicates need its memory model to know every block
 * the program has: the tests, the fake providers and the register model
 * are compiled normally, so their globals, locals and heap are unknown to
 * it and \valid(p) of a test's pointer would fail.  Left out, with the
 * annotations that dereference a pointer (E-ACSL checks \valid_read of
 * each dereference itself). *)
let memory_in visit =
  let hit = ref None in
  let set s = if !hit = None then hit := Some s in
  let vis =
    object
      inherit Visitor.frama_c_inplace
      method! vpredicate_node n =
        (match n with
         | Pvalid _ -> set "\\valid"
         | Pvalid_read _ -> set "\\valid_read"
         | Pseparated _ -> set "\\separated"
         | Pinitialized _ -> set "\\initialized"
         | Pfreeable _ -> set "\\freeable"
         | Pallocable _ -> set "\\allocable"
         | Pdangling _ -> set "\\dangling"
         | Pvalid_function _ -> set "\\valid_function"
         | _ -> ());
        Cil.DoChildren
      method! vterm_lval (host, _) =
        (* E-ACSL guards every dereference in an annotation by a
           \valid_read check of its own *)
        (match host with
         | TMem _ -> set "dereference (checked by \\valid_read)"
         | _ -> ());
        Cil.DoChildren
      method! vterm_node n =
        (match n with
         | Tbase_addr _ -> set "\\base_addr"
         | Toffset _ -> set "\\offset"
         | Tblock_length _ -> set "\\block_length"
         | _ -> ());
        Cil.DoChildren
    end
  in
  visit vis;
  !hit

let memory_pred p =
  memory_in (fun vis -> ignore (Visitor.visitFramacPredicate vis p))
let memory_term t =
  memory_in (fun vis -> ignore (Visitor.visitFramacTerm vis t))

let loc_str (pos, _) =
  Printf.sprintf "%s:%d"
    (Filename.basename (pos.Filepath.pos_path :> string)) pos.Filepath.pos_lnum

let names_str l = match l with [] -> "-" | l -> String.concat "," l

(* Frama-C's own headers (libc, the E-ACSL runtime): not ours to count *)
let ours kf =
  let pos, _ = Kernel_function.get_location kf in
  let path = (pos.Filepath.pos_path :> string) in
  let share = (Fc_config.datadir :> string) in
  not (String.length path >= String.length share
       && String.sub path 0 (String.length share) = share)

(* once: Db.Main.extend runs again at every -then stage *)
let done_ = ref false

(* The mark: a status of our own, "valid", on each blocked annotation.
 * E-ACSL does not translate an annotation that already has a valid
 * status (unless -e-acsl-valid), and skips it before typing it.  Removing
 * the annotations instead (Annotations.remove_* ) crashes E-ACSL 25
 * ("trying to get status of unregistered property"). *)
let emitter =
  Emitter.create "vclk-eacsl-skip" [ Emitter.Property_status ]
    ~correctness:[] ~tuning:[]

let mark ppt = Property_status.emit emitter ~hyps:[] ppt Property_status.True

let run () =
  match Sys.getenv_opt "VCLK_EACSL_SKIPS" with
  | None | Some "" -> ()
  | Some _ when !done_ -> ()
  | Some file ->
    done_ := true;
    let out = open_out file in
    let all = open_out (file ^ ".all") in
    let line oc fn kind nm loc reason =
      Printf.fprintf oc "%s\t%s\t%s\t%s\t%s\n" fn kind nm loc reason
    in
    let report ?(loop = false) ?(ghost = false) fn kind p ppts =
      let nm = names_str p.pred_name and loc = loc_str p.pred_loc in
      line all fn kind nm loc "-";
      let why =
        match blocked p, loop with
        | _ when ghost ->
          Some "ghost code (the printed program has it as a comment)"
        | (Some _ as r), _ -> r
        | None, _ when memory_pred p <> None ->
          Some (Printf.sprintf "memory predicate %s (the tests are not \
                                memory-tracked)"
                  (Option.get (memory_pred p)))
        | None, true when at_c_label p ->
          Some "loop invariant with \\at(_, C label)"
        | None, _ -> None
      in
      match why with
      | None -> ()
      | Some reason -> line out fn kind nm loc reason; List.iter mark ppts
    in
    Globals.Functions.iter (fun kf -> if ours kf then begin
        let fn = Kernel_function.get_name kf in
        let ghost = (Kernel_function.get_vi kf).vghost in
        let report = report ~ghost in
        let pred ip = ip.ip_content.tp_statement in
        let bhvs = ref [] in
        Annotations.iter_behaviors (fun _ b -> bhvs := b :: !bhvs) kf;
        List.iter (fun b ->
            List.iter (fun ip ->
                report fn "requires" (pred ip)
                  [ Property.ip_of_requires kf Kglobal b ip ]) b.b_requires;
            List.iter (fun ip ->
                report fn "assumes" (pred ip)
                  [ Property.ip_of_assumes kf Kglobal b ip ]) b.b_assumes;
            List.iter (fun ((_, ip) as x) ->
                report fn "ensures" (pred ip)
                  [ Property.ip_of_ensures kf Kglobal b x ]) b.b_post_cond)
          (List.rev !bhvs) end);
    Annotations.iter_all_code_annot ~sorted:true (fun stmt _ ca ->
        let kf = Kernel_function.find_englobing_kf stmt in
        let fn = Kernel_function.get_name kf in
        let ppts () = Property.ip_of_code_annot kf stmt ca in
        let ghost = stmt.ghost || (Kernel_function.get_vi kf).vghost in
        let report = report ~ghost in
        match ca.annot_content with
        | AAssert (_, { tp_kind = Assert; tp_statement = p }) ->
          report fn "assert" p (ppts ())
        | AAssert (_, { tp_kind = Check; tp_statement = p }) ->
          report fn "check" p (ppts ())
        | AAssert (_, { tp_kind = Admit; tp_statement = p }) ->
          report fn "admit" p (ppts ())
        | AInvariant (_, true, { tp_statement = p }) ->
          report ~loop:true fn "loop invariant" p (ppts ())
        | AInvariant (_, false, { tp_statement = p }) ->
          report fn "invariant" p (ppts ())
        | AVariant (t, _) ->
          (* a term: left out in ghost code, or when it dereferences *)
          let loc = loc_str t.term_loc in
          line all fn "loop variant" "-" loc "-";
          let why =
            if ghost then
              Some "ghost code (the printed program has it as a comment)"
            else
              Option.map
                (Printf.sprintf "memory predicate %s (the tests are not \
                                 memory-tracked)")
                (memory_term t)
          in
          Option.iter (fun why ->
              line out fn "loop variant" "-" loc why;
              List.iter mark (ppts ())) why
        | _ -> ());
    close_out out;
    close_out all

let () = Db.Main.extend run
