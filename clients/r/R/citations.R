# Citations and licences of exactly what was fetched: the dataset versions a view's data come
# from, as the view's query.json lists them, each with its BibTeX and its text citation.

datasets_of_view <- function(view, query, base_url) {
  answer <- ct_get_json(paste0(view, "query.json"), query, base_url)
  answer$datasets
}

citation_of_datasets <- function(datasets, base_url) {
  if (length(datasets) == 0) {
    return(structure(list(datasets = data.frame(
      dataset_id = integer(), version = integer(), citation_key = character(),
      doi = character(), url = character(), licence = character(), stringsAsFactors = FALSE
    ), text = character(), bibtex = character()), class = "ct_citation"))
  }
  table <- data.frame(
    dataset_id = vapply(datasets, function(d) as.integer(d$dataset_id), integer(1)),
    version = vapply(datasets, function(d) as.integer(d$version), integer(1)),
    citation_key = vapply(datasets, function(d) as_chr(d$citation_key), character(1)),
    doi = vapply(datasets, function(d) as_chr(d$doi), character(1)),
    url = vapply(datasets, function(d) as_chr(d$url), character(1)),
    licence = vapply(datasets, function(d) as_chr(d$licence, "not stated"), character(1)),
    stringsAsFactors = FALSE
  )
  paths <- sprintf("/api/public/datasets/%d/versions/%d/", table$dataset_id, table$version)
  text <- vapply(paths, function(path) {
    detail <- ct_get_json(path, base_url = base_url)
    as_chr(detail$version$citation$text)
  }, character(1), USE.NAMES = FALSE)
  bibtex <- vapply(paths, function(path) {
    trimws(httr2::resp_body_string(ct_get(paste0(path, "citation.bib"), base_url = base_url)))
  }, character(1), USE.NAMES = FALSE)
  structure(list(datasets = table, text = text, bibtex = bibtex), class = "ct_citation")
}

with_citation <- function(x, citation) {
  attr(x, "citation") <- citation
  attr(x, "licences") <- unique(citation$datasets$licence)
  x
}

#' Citation of fetched data
#'
#' Everything this package fetches carries the citation of the dataset versions it comes from.
#' Cite each of them in your work.
#'
#' @param x A result of \code{ct_colonies()}, \code{ct_biosamples()}, \code{ct_colony()} or
#'   \code{ct_download()}.
#' @param format \code{"text"} (one line per dataset version), \code{"bibtex"} (one entry per
#'   dataset version) or \code{"table"} (a data frame of the dataset versions with their DOIs,
#'   addresses and licences).
#' @return A character vector, or a data frame for \code{"table"}.
#' @examples
#' \dontrun{
#' colonies <- ct_colonies(species = "Pocillopora verrucosa")
#' cat(ct_citation(colonies, "bibtex"), sep = "\n\n")
#' }
#' @export
ct_citation <- function(x, format = c("text", "bibtex", "table")) {
  format <- match.arg(format)
  citation <- if (inherits(x, "ct_citation")) x else attr(x, "citation")
  if (is.null(citation)) stop("x carries no citation: it was not fetched by coralthermal.", call. = FALSE)
  switch(format, text = citation$text, bibtex = citation$bibtex, table = citation$datasets)
}

#' Licences of fetched data
#'
#' @param x A result of a coralthermal function.
#' @return The distinct licences of the dataset versions the data come from (\code{"not stated"}
#'   where a dataset names none).
#' @export
ct_licences <- function(x) {
  licences <- attr(x, "licences")
  if (is.null(licences)) stop("x carries no licences: it was not fetched by coralthermal.", call. = FALSE)
  licences
}

#' @export
print.ct_citation <- function(x, ...) {
  cat(if (length(x$text) == 0) "No dataset." else x$text, sep = "\n")
  invisible(x)
}

as_chr <- function(value, otherwise = NA_character_) {
  if (is.null(value) || length(value) == 0) otherwise else as.character(value[[1]])
}
