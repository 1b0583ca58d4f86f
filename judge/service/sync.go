package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// SyncProblem stores a problem of the shipped catalogue: an idempotent upsert
// by slug. Only the shipped cases are kept in step with the catalogue, matched
// by name: a new one is added, one whose input changed is solved again, one
// gone from the catalogue is deleted. The cases instructors added stay, after
// the shipped ones in their stored order. A removed case rejudges the
// submissions that hold it; a new or edited one, those that hold it when its
// solve ends. A restart with an unchanged catalogue writes nothing.
func (s *Service) SyncProblem(ctx context.Context, p judge.Problem, cases []judge.CaseSpec) error {
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return err
	}
	if p.Slug == "" {
		return judge.Errorf(judge.EINVALID, "the problem has no slug")
	}
	if len(cases) > judge.MaxCases {
		return judge.Errorf(judge.EINVALID, "problem %s: more than %d cases", p.Slug, judge.MaxCases)
	}
	if p.Kinds, err = judge.NormalizeKinds(p.Kinds); err != nil {
		return judge.Errorf(judge.EINVALID, "problem %s: %s", p.Slug, judge.ErrorMessage(err))
	}
	p.Limits = p.Limits.WithProgramDefaults()
	if _, err := p.Limits.Check(); err != nil {
		return judge.Errorf(judge.EINVALID, "problem %s: %s", p.Slug, judge.ErrorMessage(err))
	}
	inputs := make([]string, len(cases))
	names := make(map[string]bool, len(cases))
	for i, c := range cases {
		if names[c.Name] {
			return judge.Errorf(judge.EINVALID, "problem %s: two cases are named %q", p.Slug, c.Name)
		}
		names[c.Name] = true
		if inputs[i], err = parseSpec(pz, c.Input); err != nil {
			return judge.Errorf(judge.EINVALID, "problem %s, case %s: %s", p.Slug, c.Name, judge.ErrorMessage(err))
		}
	}
	p.CatalogueHash = catalogueHash(p, cases, inputs)
	// The plan is made inside the store's transaction, from what is stored
	// then: a failed write leaves the catalogue as it was, and a second
	// process syncing at the same time sees what the first one wrote.
	requeue := false
	_, saved, err := s.store.SyncCatalogue(ctx, p.Slug, func(old judge.Problem, found bool, have []judge.Case) (judge.CatalogueChanges, error) {
		var ch judge.CatalogueChanges
		want := p
		if found && old.Detached {
			// An instructor edited it: a restart must not undo the edit.
			if old.CatalogueHash != p.CatalogueHash {
				s.log.Info("problem detached from the catalogue by an edit; a newer shipped version exists and is not applied", "problem", p.Slug)
			}
			return ch, nil
		}
		if found {
			want.ID, want.CreatedAt, want.UpdatedAt = old.ID, old.CreatedAt, old.UpdatedAt
			want.Draft, want.Archived = old.Draft, old.Archived
		}
		if !found || !old.Equal(want) {
			ch.Problem = &want
		}
		plan := planSync(have, cases, inputs)
		for _, c := range plan.remove {
			ch.Delete = append(ch.Delete, c.ID)
		}
		for i, c := range plan.order {
			if c.ID != 0 && !plan.dirty[i] && c.Position == i+1 {
				continue
			}
			c.Position = i + 1
			ch.Save = append(ch.Save, c)
		}
		// A submission answers the cases it recorded, in their order: a
		// move changes none, a removal rejudges the answers holding it.
		for _, c := range plan.remove {
			ch.Requeues = append(ch.Requeues, judge.Requeue{CaseID: c.ID, AnswersOnly: true}.Saying(reasonDeleted(c)))
		}
		requeue = len(ch.Requeues) > 0
		return ch, nil
	})
	if err != nil {
		return err
	}
	// A new case, and one whose input changed, is solving; the answers
	// holding it are rejudged when its solve ends.
	for _, c := range saved {
		if c.Status == judge.CaseSolving {
			s.scheduleCase(c)
		}
	}
	if requeue {
		s.notify()
	}
	return nil
}

// syncPlan is what SyncProblem changes: the cases in their new order (ID 0
// for a shipped case to add; dirty when its content changed, resolve when
// its input did), and the shipped cases to delete.
type syncPlan struct {
	order          []judge.Case
	dirty, resolve []bool
	remove         []judge.Case
}

// planSync matches the shipped cases of have to the catalogue's by name. A
// database written before cases knew their origin marks none as shipped;
// then the first case of each shipped name is taken as the shipped one.
func planSync(have []judge.Case, specs []judge.CaseSpec, inputs []string) syncPlan {
	legacy := !slices.ContainsFunc(have, func(c judge.Case) bool { return c.Shipped })
	byName := map[string]int{}
	for i, c := range have {
		if _, dup := byName[c.Name]; !dup && (c.Shipped || legacy) {
			byName[c.Name] = i
		}
	}
	var plan syncPlan
	taken := make([]bool, len(have))
	for i, spec := range specs {
		j, ok := byName[spec.Name]
		if !ok {
			plan.order = append(plan.order, judge.Case{Name: spec.Name, Sample: spec.Sample, Input: inputs[i], Shipped: true})
			plan.dirty = append(plan.dirty, true)
			plan.resolve = append(plan.resolve, true)
			continue
		}
		taken[j] = true
		c := have[j]
		changed := c.Input != inputs[i]
		dirty := changed || c.Sample != spec.Sample || !c.Shipped
		c.Sample, c.Input, c.Shipped = spec.Sample, inputs[i], true
		plan.order = append(plan.order, c)
		plan.dirty = append(plan.dirty, dirty)
		plan.resolve = append(plan.resolve, changed)
	}
	for j, c := range have {
		switch {
		case taken[j]:
		case c.Shipped:
			plan.remove = append(plan.remove, c)
		default:
			plan.order = append(plan.order, c)
			plan.dirty = append(plan.dirty, false)
			plan.resolve = append(plan.resolve, false)
		}
	}
	return plan
}

// catalogueHash identifies a shipped version of a problem: its fields and
// its cases, in order.
func catalogueHash(p judge.Problem, specs []judge.CaseSpec, inputs []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q %q %q %q %d %d %d\n", p.Title, p.Puzzle, p.Statement, p.Checker, p.Limits.MaxSize, p.Limits.MaxColors, p.Limits.MaxMoves)
	l := p.Limits
	fmt.Fprintf(h, "%q %g %d %d %d %g %d %g\n", p.Kinds, l.TimeLimit, l.MemoryMiB, l.OutputMiB, l.CodeKiB, l.CompilationTime, l.CompilationMemoryMiB, l.ACToTimeLimit)
	if p.StatementZH != "" {
		// Only then, so that the problems without one keep their hash.
		fmt.Fprintf(h, "zh %q\n", p.StatementZH)
	}
	for i, c := range specs {
		fmt.Fprintf(h, "%q %t %q\n", c.Name, c.Sample, inputs[i])
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}
