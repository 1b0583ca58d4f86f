package store

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"puzzlejudge/judge"
)

// loginBucketRow is a bucket of the login limiter (judge.LoginBucket); a
// row whose Last is NULL was just inserted by UpdateLoginBuckets and holds
// no bucket yet.
type loginBucketRow struct {
	Name   string `gorm:"primaryKey;size:200"`
	Tokens float64
	Last   *time.Time `gorm:"index"`
}

func (loginBucketRow) TableName() string { return "login_buckets" }

// UpdateLoginBuckets reads, updates and writes buckets in one transaction.
// The rows are inserted first when missing, then locked (FOR UPDATE on
// PostgreSQL, in key order so that two logins cannot deadlock; SQLite's
// immediate transactions already run one at a time), so that concurrent
// logins through several processes see each other's attempts. On SQLite the
// logins of this process take the write gate in turn, as inserts do: 150
// guesses at once, left to SQLite's busy handler, starved one past the
// 10 s busy timeout at load 20 ("database is locked", a 500).
func (d *DB) UpdateLoginBuckets(ctx context.Context, keys []string, update func([]judge.LoginBucket) ([]judge.LoginBucket, error)) error {
	d.gate.lock(true)
	defer d.gate.unlock()
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		blank := make([]loginBucketRow, len(sorted))
		for i, k := range sorted {
			blank[i] = loginBucketRow{Name: k}
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&blank).Error; err != nil {
			return err
		}
		q := tx.Where("name IN ?", sorted).Order("name")
		if d.postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var rows []loginBucketRow
		if err := q.Find(&rows).Error; err != nil {
			return err
		}
		byKey := make(map[string]loginBucketRow, len(rows))
		for _, r := range rows {
			byKey[r.Name] = r
		}
		in := make([]judge.LoginBucket, len(keys))
		for i, k := range keys {
			b := judge.LoginBucket{Key: k}
			if r, ok := byKey[k]; ok && r.Last != nil {
				b.Tokens, b.Last, b.Found = r.Tokens, *r.Last, true
			}
			in[i] = b
		}
		out, err := update(in)
		if err != nil {
			return err
		}
		for _, b := range out {
			last := b.Last.UTC()
			if err := tx.Model(&loginBucketRow{}).Where("name = ?", b.Key).
				Updates(map[string]any{"tokens": b.Tokens, "last": last}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	return d.fail(err, "login bucket")
}

// DeleteLoginBuckets deletes the buckets last changed before before, and
// those left blank by a transaction that wrote none.
func (d *DB) DeleteLoginBuckets(ctx context.Context, before time.Time) error {
	err := d.db.WithContext(ctx).Where("last IS NULL OR last < ?", before.UTC()).Delete(&loginBucketRow{}).Error
	return d.fail(err, "login bucket")
}
