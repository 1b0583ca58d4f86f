package store

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// catalogueLock is the key of the PostgreSQL advisory lock that serialises
// catalogue syncs ("pzjudge" in ASCII). Without it, two processes starting
// together both find a new problem missing and both insert it: the second
// fails on the unique slug. SQLite needs no lock: every transaction begins
// IMMEDIATE, so a second writer waits for the first to commit.
const catalogueLock int64 = 0x707a6a75646765

// advisoryLock takes the transaction-scoped advisory lock key in tx. When
// processes start together, one waits here for the other's migration or
// catalogue sync: that wait is the lock's purpose, not a slow query, so the
// statement runs with a logger that still logs its error but not its time
// (gorm warned "SLOW SQL" for it at every concurrent start). Every other
// statement keeps the slow-query warning.
func (d *DB) advisoryLock(tx *gorm.DB, key int64) error {
	return tx.Session(&gorm.Session{Logger: d.lockLog}).Exec(catalogueLockSQL, key).Error
}

// SyncCatalogue applies a catalogue sync in one transaction: read the
// problem and its cases, ask plan, write its changes.
func (d *DB) SyncCatalogue(ctx context.Context, slug string, plan judge.CataloguePlan) (judge.Problem, []judge.Case, error) {
	var (
		problem judge.Problem
		saved   []judge.Case
	)
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		problem, saved = judge.Problem{}, nil // a retried transaction starts afresh
		if d.postgres {
			// Held until the transaction ends; a transaction-scoped lock is
			// never left behind by a connection returned to the pool.
			if err := d.advisoryLock(tx, catalogueLock); err != nil {
				return err
			}
		}
		var row problemRow
		found := true
		if err := tx.Where("slug = ?", slug).Take(&row).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			found = false
		} else if err != nil {
			return err
		}
		var have []caseRow
		if found {
			if err := tx.Where("problem_id = ?", row.ID).Order("position, id").Find(&have).Error; err != nil {
				return err
			}
		}
		ch, err := plan(row.domain(), found, casesOf(have))
		if err != nil {
			return err
		}
		if ch.Problem != nil {
			if ch.Problem.Slug != slug {
				return judge.Errorf(judge.EINVALID, "the sync of %s may not save problem %s", slug, ch.Problem.Slug)
			}
			if row, err = saveProblem(tx, *ch.Problem); err != nil {
				return err
			}
		} else if !found {
			return judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
		}
		problem = row.domain()
		if len(ch.Delete) > 0 {
			res := tx.Where("problem_id = ? AND id IN ?", row.ID, ch.Delete).Delete(&caseRow{})
			if res.Error != nil {
				return res.Error
			}
			if int(res.RowsAffected) != len(ch.Delete) {
				return judge.Errorf(judge.ENOTFOUND, "case not found")
			}
		}
		for _, c := range ch.Save {
			c.ProblemID = row.ID
			out, err := saveCase(tx, c)
			if err != nil {
				return err
			}
			saved = append(saved, out.domain())
		}
		for _, r := range ch.Requeues {
			r.ProblemID = row.ID
			if err := requeueFor(tx, r).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return judge.Problem{}, nil, d.fail(err, "problem "+slug)
	}
	return problem, saved, nil
}

// saveProblem inserts the problem, or updates the one with the same slug.
func saveProblem(tx *gorm.DB, p judge.Problem) (problemRow, error) {
	var row problemRow
	err := tx.Where("slug = ?", p.Slug).Take(&row).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return row, err
	}
	row.setProblem(p)
	row.CatalogueHash = p.CatalogueHash
	return row, tx.Save(&row).Error
}

// saveCase inserts a case (ID 0) as solving, or stores a case's position,
// name, sample and shipped flags and input; a new input makes the case
// solving again.
func saveCase(tx *gorm.DB, c judge.Case) (caseRow, error) {
	if c.ID == 0 {
		row := caseRow{ProblemID: c.ProblemID, Position: c.Position, Name: c.Name, Sample: c.Sample, Shipped: c.Shipped, Input: c.Input, Status: string(judge.CaseSolving)}
		return row, tx.Create(&row).Error
	}
	var row caseRow
	if err := tx.Where("problem_id = ?", c.ProblemID).Take(&row, c.ID).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return row, judge.Errorf(judge.ENOTFOUND, "case %d not found", c.ID)
	} else if err != nil {
		return row, err
	}
	if row.Input != c.Input {
		row.Input, row.Status = c.Input, string(judge.CaseSolving)
		row.Answer, row.Moves, row.Optimal, row.Solvable, row.SolverVersion, row.SolveError, row.Progress = "", "", 0, false, "", "", ""
		row.SolveClaimedAt = nil // a solve of the old input may be running: this one is new work
	}
	row.Position, row.Name, row.Sample, row.Shipped = c.Position, c.Name, c.Sample, c.Shipped
	return row, tx.Save(&row).Error
}
