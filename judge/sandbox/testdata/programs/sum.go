// Reads integers until the end of input and prints their sum.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var total, x int64
	for {
		if _, err := fmt.Fscan(in, &x); err != nil {
			break
		}
		total += x
	}
	fmt.Println(total)
}
