package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"puzzlejudge/judge"
)

// generationRow is a run of the board generator (judge.GenerationRun).
// ClaimedAt is the lease of the process running it, renewed while it runs
// (NULL: no one runs it); ClaimToken grows with every claim, so that a
// process whose lease was taken over writes nothing more.
type generationRow struct {
	ID        int64       `gorm:"primaryKey"`
	ProblemID int64       `gorm:"not null;index"`
	Problem   *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Slug      string      `gorm:"size:64;not null"`
	Spec      string      `gorm:"not null"`
	// Running is the problem's id while the run runs, NULL after: a
	// unique index on it allows one running run per problem, also when
	// two processes start one at once.
	Running    *int64 `gorm:"uniqueIndex"`
	Status     string `gorm:"size:16;not null;index"`
	Wanted     int    `gorm:"not null"`
	Kept       int    `gorm:"not null"`
	Tries      int    `gorm:"not null"`
	Report     string `gorm:"not null"`
	CaseIDs    string `gorm:"not null"` // JSON array
	Cancel     bool   `gorm:"not null"`
	Started    time.Time
	Finished   *time.Time
	ClaimedAt  *time.Time
	ClaimToken int64 `gorm:"not null"`
}

func (generationRow) TableName() string { return "generations" }

func (r generationRow) domain() judge.GenerationRun {
	g := judge.GenerationRun{ProblemID: r.ProblemID, Spec: r.Spec, Cancel: r.Cancel, Generation: judge.Generation{
		ID: r.ID, ProblemSlug: r.Slug, Status: r.Status, Wanted: r.Wanted, Kept: r.Kept, Tries: r.Tries,
		Report: r.Report, Started: r.Started,
	}}
	if r.Finished != nil {
		g.Finished = *r.Finished
	}
	_ = json.Unmarshal([]byte(r.CaseIDs), &g.CaseIDs)
	return g
}

// errLostClaim is the answer to a write under a claim no longer current.
var errLostClaim = judge.Errorf(judge.ECONFLICT, "the lease on this generation run was taken over")

// CreateGeneration stores a new run, unclaimed.
func (d *DB) CreateGeneration(ctx context.Context, r judge.GenerationRun) (int64, error) {
	pid := r.ProblemID
	row := generationRow{ProblemID: r.ProblemID, Slug: r.ProblemSlug, Spec: r.Spec, Running: &pid, Status: judge.GenRunning,
		Wanted: r.Wanted, CaseIDs: "[]", Started: r.Started.UTC()}
	err := d.db.WithContext(ctx).Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		var other generationRow
		d.db.WithContext(ctx).Where("running = ?", pid).Take(&other)
		return 0, judge.Errorf(judge.ECONFLICT, "generation %d is still running for this problem", other.ID)
	}
	return row.ID, d.fail(err, "generation")
}

// GenerationRun returns a run.
func (d *DB) GenerationRun(ctx context.Context, id int64) (judge.GenerationRun, error) {
	return byID[generationRow, judge.GenerationRun](ctx, d, id, "generation")
}

// RunningGenerations returns the ids of the running runs.
func (d *DB) RunningGenerations(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := d.db.WithContext(ctx).Model(&generationRow{}).Where("status = ?", judge.GenRunning).Order("id").Pluck("id", &ids).Error
	return ids, d.fail(err, "generations")
}

// ClaimGeneration takes the lease with one conditional UPDATE: of several
// processes trying at once, one sees its row changed.
func (d *DB) ClaimGeneration(ctx context.Context, id int64, staleBefore time.Time) (int64, bool, error) {
	var tokens []int64
	err := d.db.WithContext(ctx).Raw(d.placeholders(`UPDATE generations SET claimed_at = ?, claim_token = claim_token + 1
WHERE id = ? AND status = ? AND (claimed_at IS NULL OR claimed_at < ?) RETURNING claim_token`),
		time.Now().UTC(), id, judge.GenRunning, staleBefore.UTC()).Scan(&tokens).Error
	if err != nil || len(tokens) == 0 {
		return 0, false, d.fail(err, "generation")
	}
	return tokens[0], true, nil
}

// RenewGeneration renews the lease and records the candidates decided.
func (d *DB) RenewGeneration(ctx context.Context, id, token int64, tries int) (bool, error) {
	var cancel []bool
	err := d.db.WithContext(ctx).Raw(d.placeholders(`UPDATE generations SET claimed_at = ?, tries = ?
WHERE id = ? AND claim_token = ? AND status = ? RETURNING cancel`),
		time.Now().UTC(), tries, id, token, judge.GenRunning).Scan(&cancel).Error
	if err != nil {
		return false, d.fail(err, "generation")
	}
	if len(cancel) == 0 {
		return false, errLostClaim
	}
	return cancel[0], nil
}

// current locks the run's row under claim token (FOR UPDATE on
// PostgreSQL; SQLite's write transactions run one at a time), or answers
// errLostClaim.
func (d *DB) current(tx *gorm.DB, id, token int64) (generationRow, error) {
	var row generationRow
	q := tx.Where("id = ? AND claim_token = ? AND status = ?", id, token, judge.GenRunning)
	if d.postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, errLostClaim
	}
	return row, err
}

// KeepGenerated adds a kept board and counts it, in one transaction.
func (d *DB) KeepGenerated(ctx context.Context, id, token int64, c judge.Case, sol judge.Solution, tries int) (judge.Case, error) {
	var out judge.Case
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		g, err := d.current(tx, id, token)
		if err != nil {
			return err
		}
		var last struct{ P int }
		if err := tx.Model(&caseRow{}).Select("COALESCE(MAX(position), 0) AS p").Where("problem_id = ?", g.ProblemID).Scan(&last).Error; err != nil {
			return err
		}
		row := caseRow{ProblemID: g.ProblemID, Position: last.P + 1, Name: c.Name, Sample: c.Sample, Input: c.Input,
			Status: string(judge.CaseReady), Answer: sol.Answer, Moves: sol.Moves, Optimal: sol.Optimal, Solvable: sol.Solvable,
			SolverVersion: sol.Version}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		var ids []int64
		_ = json.Unmarshal([]byte(g.CaseIDs), &ids)
		caseIDs, _ := json.Marshal(append(ids, row.ID))
		if err := tx.Model(&generationRow{}).Where("id = ?", id).Updates(map[string]any{
			"kept": g.Kept + 1, "tries": tries, "case_ids": string(caseIDs), "claimed_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		out = row.domain()
		return nil
	})
	return out, d.fail(err, "generated case")
}

// FinishGeneration ends a run.
func (d *DB) FinishGeneration(ctx context.Context, id, token int64, status, report string, tries int, finished time.Time) error {
	res := d.db.WithContext(ctx).Model(&generationRow{}).Where("id = ? AND claim_token = ? AND status = ?", id, token, judge.GenRunning).
		Updates(map[string]any{"status": status, "report": report, "tries": tries, "finished": finished.UTC(),
			"claimed_at": nil, "running": nil})
	if res.Error != nil {
		return d.fail(res.Error, "generation")
	}
	if res.RowsAffected == 0 {
		return errLostClaim
	}
	return nil
}

// ReleaseGeneration gives up a lease.
func (d *DB) ReleaseGeneration(ctx context.Context, id, token int64) error {
	err := d.db.WithContext(ctx).Model(&generationRow{}).Where("id = ? AND claim_token = ? AND status = ?", id, token, judge.GenRunning).
		Update("claimed_at", nil).Error
	return d.fail(err, "generation")
}

// CancelGeneration asks a run's owner to stop it.
func (d *DB) CancelGeneration(ctx context.Context, id int64) error {
	err := d.db.WithContext(ctx).Model(&generationRow{}).Where("id = ? AND status = ?", id, judge.GenRunning).
		Update("cancel", true).Error
	return d.fail(err, "generation")
}
