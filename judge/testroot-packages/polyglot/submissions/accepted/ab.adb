-- a + b in 64 bits (Long_Long_Integer), as Ada reads them from standard input.
with Ada.Text_IO;
with Ada.Long_Long_Integer_Text_IO;
procedure Ab is
   A, B : Long_Long_Integer;
begin
   Ada.Long_Long_Integer_Text_IO.Get (A);
   Ada.Long_Long_Integer_Text_IO.Get (B);
   Ada.Long_Long_Integer_Text_IO.Put (A + B, Width => 0);
   Ada.Text_IO.New_Line;
end Ab;
