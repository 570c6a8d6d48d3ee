//go:build !unix

package storage

import "errors"

func mmapFile(fd uintptr, size int) ([]byte, error) {
	return nil, errors.New("mmap not supported")
}

func releaseMapping(b []byte) {}
