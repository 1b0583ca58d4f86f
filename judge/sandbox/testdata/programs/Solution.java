// Sum.java with its public class named Solution, as LeetCode names it: the
// newcomer's classic compile error ("class Solution is public, should be
// declared in a file named Solution.java"), which the java language takes.
import java.util.Scanner;

public class Solution {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long total = 0;
        while (in.hasNextLong()) total += in.nextLong();
        System.out.println(total);
    }
}
