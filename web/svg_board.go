package web

import (
	"fmt"
	"html/template"

	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// boardPicture parses one case of puzzle with the puzzle's own engine and
// draws it. id must be unique on the page. A case that does not parse (which
// the service never stores) yields the parser's error, shown instead of the
// picture.
func boardPicture(puzzle, id, input string) (template.HTML, error) {
	switch puzzle {
	case "floodit":
		b, err := floodit.ParseCase(input)
		if err != nil {
			return "", err
		}
		return drawFlood(id, b.Rows()), nil
	case "rotation":
		b, err := rotation.ParseCase(input)
		if err != nil {
			return "", err
		}
		cells := make([]int, len(b.Squares))
		for i, s := range b.Squares {
			cells[i] = int(s)
		}
		return drawRotation(id, cells), nil
	case "mayan":
		b, err := mayan.ParseCase(input)
		if err != nil {
			return "", err
		}
		cols := make([][]int, mayan.Width)
		for x := range cols {
			cols[x] = b.Column(x)
		}
		return drawMayan(id, b.N, cols), nil
	}
	return "", fmt.Errorf("no picture for puzzle %q", puzzle)
}
