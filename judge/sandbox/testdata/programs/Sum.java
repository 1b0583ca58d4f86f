// Reads integers until the end of input and prints their sum.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long total = 0;
        String line;
        while ((line = in.readLine()) != null) {
            StringTokenizer tok = new StringTokenizer(line);
            while (tok.hasMoreTokens()) total += Long.parseLong(tok.nextToken());
        }
        System.out.println(total);
    }
}
