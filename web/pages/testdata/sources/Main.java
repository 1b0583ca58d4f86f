public class Main { public static void main(String[] a) { System.out.println('\u0041' + "/* not a comment */"); } }
