(* a + b + 1 (wrong): OCaml's int is 63 bits. *)
let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\n" (a + b + 1))
