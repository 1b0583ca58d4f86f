# The attack of issue 32 on hidden boards: read the whole input, pack it
# into CJK characters of 14 bits each (U+4E00 up), and print "0 " and them.
# The checker quoted the text after the 0 ("found also ...") in the board's
# message, so the message carried the board back to the student.
import sys

data = sys.stdin.buffer.read()
bits, left = int.from_bytes(data, "big"), len(data) * 8
out = []
while left > 0:
    out.append(chr(0x4E00 + (bits & 0x3FFF)))
    bits >>= 14
    left -= 14
sys.stdout.buffer.write(("0 " + "".join(out) + "\n").encode("utf-8"))
