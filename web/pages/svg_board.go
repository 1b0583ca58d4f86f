package pages

import (
	"fmt"
	"html/template"
)

// drawer parses one case of its puzzle with the puzzle's own engine and
// draws it; id must be unique on the page.
type drawer func(l *locale, id, input string) (template.HTML, error)

// drawers holds the drawer of each puzzle, keyed by the puzzle's registered
// name; each svg_<puzzle>.go adds its own from an init function, so this
// file names no puzzle. TestEveryPuzzleHasADrawer checks the registry
// against it.
var drawers = map[string]drawer{}

// boardPicture draws one case of puzzle. A case that does not parse (which
// the service never stores) yields the parser's error, shown instead of the
// picture. Its titles and label, which a screen reader speaks, are in the
// language of l.
func boardPicture(l *locale, puzzle, id, input string) (template.HTML, error) {
	draw, ok := drawers[puzzle]
	if !ok {
		return "", fmt.Errorf("no picture for puzzle %q", puzzle)
	}
	return draw(l, id, input)
}

// drawWith makes the drawer of a puzzle from its engine's parser and a
// function that draws a parsed board; a text that does not parse yields the
// parser's error.
func drawWith[B any](parse func(string) (B, error), draw func(l *locale, id string, b B) template.HTML) drawer {
	return func(l *locale, id, input string) (template.HTML, error) {
		b, err := parse(input)
		if err != nil {
			return "", err
		}
		return draw(l, id, b), nil
	}
}
