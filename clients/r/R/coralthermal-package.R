#' coralthermal: the coral thermal-tolerance platform from R
#'
#' Reads the platform's open API: \code{ct_colonies()}, \code{ct_biosamples()},
#' \code{ct_projects()}, \code{ct_datasets()}, \code{ct_species()}, \code{ct_colony()} and
#' \code{ct_download()}. Each result carries the citation and licences of the dataset versions
#' it comes from: \code{ct_citation()}, \code{ct_licences()}. Set the platform's address once
#' with \code{options(coralthermal.url = ...)} or the \code{CORALTHERMAL_URL} environment
#' variable. Calls answered 429 or 503 are repeated after the time the server's
#' \code{Retry-After} asks for (at most \code{getOption("coralthermal.max_wait", 120)} seconds);
#' other failures stop with the server's message in a condition of class
#' \code{coralthermal_http_error} (fields \code{status}, \code{code}, \code{server_message}).
#'
#' @keywords internal
"_PACKAGE"
