//go:build !invariants

package storage

const invariants = false
