package judge

// The adapters' parse and format methods are the same three steps over each
// engine's own Board type; these generic helpers are those steps, so that an
// adapter's method is one line naming its engine's functions.

// parseCasesWith parses a whole classic input with parse and returns each
// case's canonical text (format); errors are EINVALID with the engine's line
// and column.
func parseCasesWith[B any](parse func(string) ([]B, error), format func(B) string, input string) ([]string, error) {
	bs, err := parse(input)
	if err != nil {
		return nil, parseError(err)
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = format(b)
	}
	return out, nil
}

// parseCaseWith parses exactly one case and returns its canonical text.
func parseCaseWith[B any](parse func(string) (B, error), format func(B) string, input string) (string, error) {
	b, err := parse(input)
	if err != nil {
		return "", parseError(err)
	}
	return format(b), nil
}

// judgeInputWith joins canonical cases into one classic judge input. A case
// that does not parse (the store holds none) is left out.
func judgeInputWith[B any](parse func(string) (B, error), formatCases func([]B) string, cases []string) string {
	bs := make([]B, 0, len(cases))
	for _, c := range cases {
		if b, err := parse(c); err == nil {
			bs = append(bs, b)
		}
	}
	return formatCases(bs)
}
