using System;

class AB {
    static void Main() {
        string[] parts = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]) + 1);
    }
}
