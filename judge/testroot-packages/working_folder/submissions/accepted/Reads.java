// A Java submission's working folder holds its compiled classes.
import java.io.File;
import java.util.Scanner;

public class Reads {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        boolean seen = new File("Reads.class").isFile();
        System.out.println(seen ? a + b : a + b + 1);
    }
}
