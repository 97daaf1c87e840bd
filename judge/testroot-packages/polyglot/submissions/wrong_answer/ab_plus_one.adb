-- a + b + 1 (wrong) in 64 bits (Long_Long_Integer), as Ada reads them from standard input.
with Ada.Text_IO;
with Ada.Long_Long_Integer_Text_IO;
procedure Ab_Plus_One is
   A, B : Long_Long_Integer;
begin
   Ada.Long_Long_Integer_Text_IO.Get (A);
   Ada.Long_Long_Integer_Text_IO.Get (B);
   Ada.Long_Long_Integer_Text_IO.Put (A + B + 1, Width => 0);
   Ada.Text_IO.New_Line;
end Ab_Plus_One;
