package pages

import (
	"fmt"
	"html/template"
)

// drawer parses one case of its puzzle with the puzzle's own engine and
// draws it; id must be unique on the page.
type drawer func(id, input string) (template.HTML, error)

// drawers holds the drawer of each puzzle, keyed by the puzzle's registered
// name; each svg_<puzzle>.go adds its own from an init function, so this
// file names no puzzle. TestEveryPuzzleHasADrawer checks the registry
// against it.
var drawers = map[string]drawer{}

// boardPicture draws one case of puzzle. A case that does not parse (which
// the service never stores) yields the parser's error, shown instead of the
// picture.
func boardPicture(puzzle, id, input string) (template.HTML, error) {
	draw, ok := drawers[puzzle]
	if !ok {
		return "", fmt.Errorf("no picture for puzzle %q", puzzle)
	}
	return draw(id, input)
}
