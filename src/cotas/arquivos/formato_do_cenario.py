"""O formato do cenário (TOML), declarado uma vez: as seções, as chaves de cada uma, o que
cada chave aceita e a sua descrição. O leitor (`cotas.arquivos.cenario`) aceita exatamente as
chaves daqui (`chaves`), e o JSON Schema publicado em `schema/cenario.schema.json` é gerado
daqui, com as escolhas do glossário e os grupos das leis do catálogo:

    python scripts/gerar_esquema_do_cenario.py

(`tests/arquivos/test_cenario.py` confere que o publicado é o gerado.) O que o esquema não diz
(a lei aplicável, as inscrições dos eventos contra a lista de candidatos, os limites) só o
leitor confere.
"""

from __future__ import annotations

import json
from typing import Any, Literal, get_args

from cotas.motor.glossario import (
    AMPLA,
    PCD,
    ROTULOS_LISTA,
    ArredondamentoPcd,
    DuplaCondicao,
    Orgao,
    TipoEvento,
    TipoSelecao,
    codigos,
)

Sentido = Literal["maior", "menor"]
# A defesa não apresentada, no procedimento da anulação por declaração falsa.
SEM_DEFESA = "nao_apresentada"


def _texto(descricao: str) -> dict[str, Any]:
    return {"description": descricao, "$ref": "#/$defs/texto"}


def _data(descricao: str) -> dict[str, Any]:
    return {"description": descricao, "$ref": "#/$defs/data"}


def _codigo(descricao: str) -> dict[str, Any]:
    """O código de um cargo ou a inscrição de um candidato: texto ou número."""
    return {"description": descricao, "type": ["string", "integer"], "minLength": 1}


def _montar(grupos: list[str]) -> dict[str, Any]:
    """O esquema, com `grupos` (PcD e os grupos das leis) na prioridade entre eles."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cotas.invalid/schema/cenario.schema.json",
        "title": "Cenário de um certame (cotas)",
        "description": "Arquivo TOML que descreve um concurso público ou contratação temporária: o "
        "edital, os cargos e vagas, a reserva para pessoas com deficiência, os critérios "
        "de desempate do edital e os eventos posteriores (novas vagas, desistências, "
        "anulações por declaração falsa, eliminações). As datas são datas TOML "
        "(AAAA-MM-DD, sem aspas); para validar com este esquema, converta-as em texto ISO "
        "8601.",
        "type": "object",
        "required": ["certame", "cargos"],
        "properties": {
            "certame": _certame(grupos),
            "pcd": _pcd(),
            "cargos": _cargos(),
            "eventos": _eventos(),
            "desempate": _desempate(),
            "parametros_lei": _parametros_lei(),
            "esperado": {
                "description": "Só nos testes de lei (`cotas testar`): o resultado "
                "que a lei manda esperar do cenário — a lei "
                "aplicável, a reserva e a ordem de nomeação de cada "
                "cargo, com os artigos do fundamento de cada "
                "nomeação, ou os trechos da recusa. A apuração não o "
                "lê. O formato: docs/TESTES-DE-LEI.md.",
                "type": "object",
            },
        },
        "$defs": {
            "texto": {"type": "string", "minLength": 1, "pattern": "\\S"},
            "data": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$"},
            "percentual": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
        },
        **_final_de_fila_so_se_permitido(),
    }


def _certame(grupos: list[str]) -> dict[str, Any]:
    return {
        "description": "Dados do edital de abertura.",
        "type": "object",
        "required": ["nome", "data_edital", "tipo", "candidatos"],
        "anyOf": [{"required": ["municipio"]}, {"required": ["lei"]}],
        "properties": _chaves_do_certame(grupos),
        "dependentRequired": {"lei_publicada": ["publicacao_lei"]},
    }


def _chaves_do_certame(grupos: list[str]) -> dict[str, Any]:
    return {
        "nome": _texto('Nome do certame, como no edital (ex.: "Concurso Público 01/2025").'),
        "municipio": _texto(
            'Município e UF (ex.: "Cidade/UF"); a lei aplicável é escolhida pela data do edital.'
        ),
        "lei": _texto(
            "Identificador da lei a aplicar, quando não se quer escolhê-la pelo município "
            '(ex.: "<ente>/lei-<número>-<ano>").'
        ),
        "data_edital": _data("Data de publicação do edital de abertura."),
        "tipo": {"description": "Tipo de seleção.", "enum": codigos(TipoSelecao)},
        "orgao": {
            "description": "Órgão ou entidade que faz a seleção; exigido quando a lei só abrange "
            "alguns (parâmetros orgaos.<tipo> da lei).",
            "enum": codigos(Orgao),
        },
        "validade_ate": _data(
            "Último dia de validade do certame (opcional); deve ser posterior ao edital."
        ),
        "publicacao_lei": _data(
            "Data de publicação de uma lei, quando o operador registra outra que não a do "
            "catálogo (opcional)."
        ),
        "lei_publicada": _texto(
            "Identificador da lei publicada em publicacao_lei "
            '(ex.: "<ente>/lei-<número>-<ano>"); sem ela, vale a lei do certame ou, se só '
            "houver o município, a lei mais recente do município."
        ),
        "edital": _texto(
            "Arquivo do edital (TOML, docs/EDITAIS.md), relativo ao cenário: os valores que a "
            "lei deixa ao edital, cada um com o item que o diz (opcional; [parametros_lei] "
            "substitui um valor dele)."
        ),
        "permite_final_de_fila": {
            "description": "O edital admite o pedido de final de fila? Padrão: false.",
            "type": "boolean",
        },
        "data_referencia_idade": _data(
            "Data em que se apura a idade para o desempate pela idade (opcional)."
        ),
        "prioridade_colisao": {
            "description": "Quem fica com a vaga quando dois grupos a querem ao mesmo tempo; o "
            'outro recebe a vaga seguinte. Padrão: ["negros", "pcd"].',
            "type": "array",
            "items": {"enum": grupos},
            "uniqueItems": True,
        },
        "dupla_condicao": {
            "description": "Candidato de dois grupos chamado pelas duas listas no mesmo lote e "
            "sem opção (coluna opcao_lista): lista_que_nomeia_antes fica com a lista racial "
            "(padrão); lista_que_nomeia_antes_senao_pcd, com a de PcD.",
            "enum": codigos(DuplaCondicao),
        },
        "candidatos": _texto(
            "Arquivo de candidatos (CSV, XLSX ou ODS), relativo a este cenário; ou a própria "
            "tabela, um CSV entre três aspas (as linhas dela são as do cenário)."
        ),
    }


def _pcd() -> dict[str, Any]:
    return {
        "description": "Reserva para pessoas com deficiência, como o edital a fixa (opcional).",
        "type": "object",
        "properties": {
            "percentual": {
                "description": "Percentual das vagas (padrão 5).",
                "$ref": "#/$defs/percentual",
            },
            "arredondamento": {
                "description": 'Arredondamento da fração: "cima" (sempre o inteiro seguinte), '
                '"meio" (fração ≥ 0,5 para cima) ou "baixo". Padrão: "cima".',
                "enum": codigos(ArredondamentoPcd),
            },
            "teto": {
                "description": "Percentual máximo das vagas (padrão 20).",
                "$ref": "#/$defs/percentual",
            },
        },
    }


def _cargos() -> dict[str, Any]:
    return {
        "description": "Os cargos do edital e as vagas oferecidas em cada um.",
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "object",
            "required": ["codigo", "nome", "vagas"],
            "properties": {
                "codigo": _codigo(
                    'Código do cargo, como na coluna "cargo" do arquivo de candidatos.'
                ),
                "nome": {"description": "Nome do cargo.", "$ref": "#/$defs/texto"},
                "vagas": {
                    "description": "Vagas oferecidas no edital.",
                    "type": "integer",
                    "minimum": 0,
                },
            },
        },
    }


def _eventos() -> dict[str, Any]:
    return {
        "description": "Fatos posteriores ao edital, aplicados na ordem em que aparecem.",
        "type": "array",
        "items": {
            "type": "object",
            "required": ["data", "tipo"],
            "properties": _chaves_do_evento(),
            "allOf": _chaves_de_cada_tipo_de_evento(),
        },
    }


def _chaves_do_evento() -> dict[str, Any]:
    return {
        "data": {"description": "Data do ato.", "$ref": "#/$defs/data"},
        "tipo": {
            "description": "Tipo do evento. anulacao: declaração falsa na autodeclaração de quem "
            "optou pela reserva, com o registro do procedimento administrativo (contraditório e "
            "ampla defesa); eliminacao: saída do certame por outra causa, com o fundamento legal "
            "informado.",
            "enum": codigos(TipoEvento),
        },
        "cargo": _codigo("Cargo (obrigatório em novas_vagas; nos outros, é o do candidato)."),
        "inscricao": _codigo(
            "Inscrição do candidato (desistencia, anulacao, eliminacao, final_de_fila)."
        ),
        "quantidade": {
            "description": "Número de vagas criadas (novas_vagas).",
            "type": "integer",
            "minimum": 1,
        },
        "justificativa": _texto("O ato ou motivo (obrigatória em novas_vagas e eliminacao)."),
        "notificacao": _data("anulacao: data em que o candidato foi notificado do procedimento."),
        "defesa": {
            "description": 'anulacao: data em que a defesa foi apresentada, ou "nao_apresentada".',
            "anyOf": [{"$ref": "#/$defs/data"}, {"const": SEM_DEFESA}],
        },
        "decisao": _data("anulacao: data da decisão que reconheceu a falsidade."),
        "autoridade": _texto("anulacao: a autoridade que decidiu."),
        "fundamento": _texto(
            "eliminacao: o dispositivo (do edital ou da lei) que fundamenta a eliminação."
        ),
    }


def _chaves_de_cada_tipo_de_evento() -> list[dict[str, Any]]:
    """As chaves que cada tipo de evento exige e as que só outro tipo aceita."""
    return [
        {
            "if": {"properties": {"tipo": {"const": "novas_vagas"}}},
            "then": {
                "required": ["cargo", "quantidade", "justificativa"],
                "not": {"required": ["inscricao"]},
            },
            "else": {
                "required": ["inscricao"],
                "not": {"required": ["quantidade"]},
            },
        },
        {
            "if": {"properties": {"tipo": {"const": "anulacao"}}},
            "then": {
                "required": ["notificacao", "defesa", "decisao", "autoridade"],
                "not": {"required": ["fundamento"]},
            },
            "else": {
                "not": {
                    "anyOf": [
                        {"required": ["notificacao"]},
                        {"required": ["defesa"]},
                        {"required": ["decisao"]},
                        {"required": ["autoridade"]},
                    ]
                }
            },
        },
        {
            "if": {"properties": {"tipo": {"const": "eliminacao"}}},
            "then": {"required": ["fundamento", "justificativa"]},
            "else": {"not": {"required": ["fundamento"]}},
        },
    ]


def _desempate() -> dict[str, Any]:
    return {
        "description": "Critérios de desempate do edital, na ordem, "
        "aplicados depois do desempate pela idade. Cada coluna deve existir no arquivo de "
        "candidatos, com valores numéricos.",
        "type": "array",
        "items": {
            "type": "object",
            "required": ["coluna", "sentido"],
            "properties": {
                "coluna": _texto("Nome da coluna no arquivo de candidatos."),
                "sentido": {
                    "description": 'Quem vem antes: o "maior" ou o "menor" valor.',
                    "enum": list(get_args(Sentido)),
                },
            },
        },
    }


def _parametros_lei() -> dict[str, Any]:
    return {
        "description": "Valores que o operador informa para parâmetros "
        "que a lei deixa em aberto, cada um com a sua "
        "justificativa.",
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "required": ["valor", "justificativa"],
            "properties": {
                "valor": {"description": "O valor do parâmetro."},
                "justificativa": _texto("De onde vem o valor (ato, edital, parecer)."),
            },
        },
    }


def _final_de_fila_so_se_permitido() -> dict[str, Any]:
    """Sem [certame] permite_final_de_fila = true, nenhum evento pode ser final_de_fila."""
    return {
        "if": {
            "not": {
                "properties": {
                    "certame": {
                        "properties": {"permite_final_de_fila": {"const": True}},
                        "required": ["permite_final_de_fila"],
                    }
                },
                "required": ["certame"],
            }
        },
        "then": {
            "properties": {
                "eventos": {"items": {"properties": {"tipo": {"not": {"const": "final_de_fila"}}}}}
            }
        },
        "$comment": "Sem [certame] permite_final_de_fila = true, nenhum evento pode ser "
        "final_de_fila. "
        "Chaves desconhecidas não invalidam o cenário: o leitor as aponta como avisos.",
    }


def chaves(secao: str = "") -> tuple[str, ...]:
    """As chaves aceitas na raiz (`""`), numa seção (`"certame"`, `"pcd"`) ou em cada bloco de
    uma lista de seções (`"cargos"`, `"eventos"`, `"desempate"`); `"parametros_lei"`: as de cada
    parâmetro informado. Na ordem da declaração (a das mensagens)."""
    no = _montar([])
    if secao:
        no = no["properties"][secao]
        no = no.get("items") or no.get("additionalProperties") or no
    return tuple(no["properties"])


def esquema() -> dict[str, Any]:
    """O JSON Schema do cenário, com os grupos que as leis do pacote declaram (não os de uma
    lei de fora do pacote que o processo tenha lido: o esquema publicado é um só)."""
    from cotas.motor.legislacao import catalogo_padrao

    catalogo_padrao()  # (os grupos das leis registram as suas listas ao carregá-las)
    do_pacote = _grupos_das_leis_do_pacote()
    return _montar([g for g in ROTULOS_LISTA if g != AMPLA and (g == PCD or g in do_pacote)])


def _grupos_das_leis_do_pacote() -> set[str]:
    """Os nomes dos [[grupos]] declarados nos arquivos de lei do pacote (`cotas/leis`)."""
    import tomllib
    from importlib import resources

    nomes: set[str] = set()
    pastas = [resources.files("cotas") / "leis"]
    while pastas:
        for item in pastas.pop().iterdir():
            if item.is_dir() and item.name != "testes":
                pastas.append(item)
            elif item.name.endswith(".toml"):
                dados = tomllib.loads(item.read_text(encoding="utf-8"))
                nomes |= {str(g.get("nome")) for g in dados.get("grupos", [])}
    return nomes


def texto_do_esquema() -> str:
    """O esquema como vai para `schema/cenario.schema.json`."""
    return json.dumps(esquema(), ensure_ascii=False, indent=2) + "\n"
