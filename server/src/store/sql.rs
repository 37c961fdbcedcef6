//! SQL whose shape depends on its input (a filtered list, the seats of
//! several tables, a batch of events), with its `$n` placeholders numbered
//! here and nowhere else. SQLite and PostgreSQL both read `$1, $2, …`;
//! sqlx's `QueryBuilder<Any>` writes `?`, which PostgreSQL refuses (sqlx
//! issue #3000), so the Any driver's statements number their own.

use sqlx::any::{AnyArguments, AnyQueryResult, AnyRow};
use sqlx::{Any, Arguments, Encode, Executor, Type};

/// SQL text and the values bound to its placeholders, in order.
#[derive(Default)]
pub struct Sql<'q> {
    text: String,
    args: AnyArguments<'q>,
    count: usize,
}

impl<'q> Sql<'q> {
    /// SQL starting with `text`.
    pub fn new(text: impl Into<String>) -> Sql<'q> {
        Sql { text: text.into(), ..Sql::default() }
    }

    /// Adds SQL text.
    pub fn push(&mut self, text: &str) -> &mut Sql<'q> {
        self.text.push_str(text);
        self
    }

    /// Binds `value` and returns its placeholder, to write into the text.
    pub fn param<T: 'q + Encode<'q, Any> + Type<Any>>(&mut self, value: T) -> String {
        // Encoding into the Any driver's buffer does not fail for the types we bind.
        self.args.add(value).expect("a value binds");
        self.count += 1;
        format!("${}", self.count)
    }

    /// Binds `value` and adds its placeholder to the text.
    pub fn bind<T: 'q + Encode<'q, Any> + Type<Any>>(&mut self, value: T) -> &mut Sql<'q> {
        let placeholder = self.param(value);
        self.push(&placeholder)
    }

    /// Binds every value and adds their placeholders, separated by commas.
    pub fn bind_list<T: 'q + Encode<'q, Any> + Type<Any>>(
        &mut self,
        values: impl IntoIterator<Item = T>,
    ) -> &mut Sql<'q> {
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.bind(value);
        }
        self
    }

    /// Runs it for its rows.
    pub async fn fetch_all<'e>(self, executor: impl Executor<'e, Database = Any>) -> Result<Vec<AnyRow>, sqlx::Error>
    where
        'q: 'e,
    {
        sqlx::query_with(&self.text, self.args).fetch_all(executor).await
    }

    /// Runs it for its effect.
    pub async fn execute<'e>(self, executor: impl Executor<'e, Database = Any>) -> Result<AnyQueryResult, sqlx::Error>
    where
        'q: 'e,
    {
        sqlx::query_with(&self.text, self.args).execute(executor).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_order_of_use() {
        let mut sql = Sql::new("SELECT 1 WHERE a = ");
        sql.bind("x").push(" AND b IN (").bind_list([1_i64, 2, 3]).push(")");
        let c = sql.param(4_i64);
        sql.push(&format!(" AND c = {c}"));
        assert_eq!(sql.text, "SELECT 1 WHERE a = $1 AND b IN ($2, $3, $4) AND c = $5");
    }
}
