package service

import (
	"slices"
	"strconv"
	"strings"

	"puzzlejudge/judge"
)

// outputsByCase returns the outputs of an answer sent per case, by case id.
func outputsByCase(outs []judge.CaseOutput) map[int64]string {
	m := make(map[int64]string, len(outs))
	for _, o := range outs {
		m[o.CaseID] = o.Output
	}
	return m
}

// bindOutputs turns per-case outputs keyed by base name into the
// submission's Outputs, in case order. A name that is no case's is refused,
// listing every such name; a case without output is judged "no output for
// this case".
func bindOutputs(in judge.ProblemInput, outputs map[string]string, sub *judge.Submission) error {
	if len(outputs) == 0 {
		return judge.Errorf(judge.EINVALID, "the per-case outputs are empty: send one output per case, named as in input.zip")
	}
	bases := judge.CaseBases(in.Cases)
	byBase := make(map[string]int, len(bases))
	for i, b := range bases {
		byBase[b] = i
	}
	// A key is the case's name, with or without .out: the README calls
	// the outputs by their file names, as the zip holds them.
	named := make(map[string]string, len(outputs))
	for name, text := range outputs {
		base := name
		if _, ok := byBase[name]; !ok {
			if b := strings.TrimSuffix(name, ".out"); b != name {
				if _, ok := byBase[b]; ok {
					base = b
				}
			}
		}
		if _, dup := named[base]; dup {
			return judge.Errorf(judge.EINVALID, "the output of case %s is given twice, with and without .out", base)
		}
		named[base] = text
	}
	outputs = named
	var unknown []string
	total := 0
	for name, text := range outputs {
		if _, ok := byBase[name]; !ok {
			unknown = append(unknown, name)
		}
		text, err := puzzleText(fieldOutput(name), text, judge.MaxOutputBytes)
		if err != nil {
			return err
		}
		outputs[name] = text
		total += len(text)
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		if len(unknown) > 10 {
			unknown = append(unknown[:10], "...")
		}
		return judge.Errorf(judge.EINVALID, "no case of %s is named %s; the names are those of input.zip without .in, with .out or without (%s, ...)",
			in.Problem.Slug, strings.Join(quoteAll(unknown), ", "), bases[0])
	}
	if total > judge.MaxOutputBytes {
		return judge.Errorf(judge.EINVALID, "the outputs have more than %d bytes together", judge.MaxOutputBytes)
	}
	sub.Payload = ""
	sub.Outputs = sub.Outputs[:0]
	for i, c := range in.Cases {
		if text, ok := outputs[bases[i]]; ok {
			sub.Outputs = append(sub.Outputs, judge.CaseOutput{CaseID: c.ID, Name: bases[i], Output: text})
		}
	}
	return nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		if s == "..." {
			out[i] = s
			continue
		}
		out[i] = strconv.Quote(s)
	}
	return out
}
