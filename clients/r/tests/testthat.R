library(testthat)
library(coralthermal)

test_check("coralthermal")
