#include <cstdio>
// A comment with </pre><script>alert("x")</script> in it.
int main() {
	const char *s = "tab\there & <b>bold</b>";
	printf("%s\n", s);
	return 0;
}
