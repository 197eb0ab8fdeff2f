module github.com/octalgames/kayles

go 1.24

require github.com/stretchr/testify v1.12.1 // indirect
