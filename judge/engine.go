package judge

// An adapter's Name, SolverVersion and parse and format methods only forward
// to its engine's functions, the same three steps over each engine's own
// Board type. An adapter lists those functions once, in its engine method,
// and embeds forwarding, which supplies the five methods from that list.

// engine is what forwarding needs of a reference package.
type engine[B any] struct {
	name, version string
	parseCase     func(string) (B, error)
	parseCases    func(string) ([]B, error)
	format        func(B) string
	formatCases   func([]B) string
}

// engineOf is implemented by an adapter: it names its engine's functions.
type engineOf[B any] interface{ engine() engine[B] }

// forwarding, embedded in adapter A, gives A the methods that only forward
// to A's engine. It holds no value (the engine comes from A's type), so an
// adapter's zero value, flooditPuzzle{} for instance, is ready to use.
type forwarding[B any, A engineOf[B]] struct{}

func (forwarding[B, A]) engine() engine[B] {
	var a A
	return a.engine()
}

func (f forwarding[B, A]) Name() string { return f.engine().name }

func (f forwarding[B, A]) SolverVersion() string { return f.engine().version }

// ParseCases parses a whole classic input and returns each case's canonical
// text; errors are EINVALID with the engine's line and column.
func (f forwarding[B, A]) ParseCases(input string) ([]string, error) {
	e := f.engine()
	bs, err := e.parseCases(input)
	if err != nil {
		return nil, parseError(err)
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = e.format(b)
	}
	return out, nil
}

// ParseCase parses exactly one case and returns its canonical text.
func (f forwarding[B, A]) ParseCase(input string) (string, error) {
	e := f.engine()
	b, err := e.parseCase(input)
	if err != nil {
		return "", parseError(err)
	}
	return e.format(b), nil
}

// JudgeInput joins canonical cases into one classic judge input. A case
// that does not parse (the store holds none) is left out.
func (f forwarding[B, A]) JudgeInput(cases []string) string {
	e := f.engine()
	bs := make([]B, 0, len(cases))
	for _, c := range cases {
		if b, err := e.parseCase(c); err == nil {
			bs = append(bs, b)
		}
	}
	return e.formatCases(bs)
}
