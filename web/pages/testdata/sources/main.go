package main

import "fmt"

func main() {
	fmt.Println(`raw
string`, 'x', 0x1F)
}
