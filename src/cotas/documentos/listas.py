"""Listas de classificação para publicação: a geral e as reservadas de cada cargo.

Dados pessoais (docs/INTERPRETACAO.md#dados-pessoais): cor/raça e deficiência são sensíveis.
A lista publicada mostra só o que a lei exige — inscrição, nome, CPF mascarado
(***.456.789-**), nota, posição em cada lista e a situação do ato — e nunca a cor declarada, a
deficiência ou o parecer individual da comissão.
"""

from __future__ import annotations

from cotas.documentos.correcoes import blocos_das_correcoes
from cotas.documentos.documento import Documento, Paragrafo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import tabela_classificacao
from cotas.motor.legislacao import dispositivo_federal

AVISO_LGPD = (
    f"Dados pessoais tratados conforme a {dispositivo_federal('lgpd_sensiveis').norma}: o CPF "
    "aparece mascarado e não se publicam cor/raça, deficiência nem o parecer individual da "
    "comissão."
)


def listas_publicacao(f: FonteDocumentos, cargo: str | None = None) -> Documento:
    """As listas de todos os cargos ou, com `cargo`, só as dele (um certame nacional tem
    milhões de inscritos: a lista inteira não cabe numa página)."""
    titulo = "Listas de classificação"
    if cargo is not None:
        nome_cargo = f.nome_cargo(cargo)
        titulo += f" — cargo {cargo}" + (f" ({nome_cargo})" if nome_cargo else "")
    doc = Documento("listas", titulo, f.nome, f.municipio)
    grupos = ", ".join(g.rotulo for g in f.regras.grupos)
    texto = (
        "Para cada cargo, a lista geral (ampla concorrência, todos os aprovados) e uma lista "
        f"por grupo com reserva ({grupos}), na mesma ordem relativa."
    )
    # A concorrência concomitante é a regra da lei para os grupos dela (não para o do edital).
    for grupo in f.regras.grupos_da_lei:
        refs = grupo.ref("concorrencia")
        if refs:
            texto += (
                f" Os candidatos da lista de {grupo.rotulo} concorrem concomitantemente às vagas "
                f"reservadas e às de ampla concorrência ({'; '.join(r.citacao() for r in refs)})."
            )
    doc.blocos.append(Paragrafo(texto))
    doc.blocos.append(Paragrafo(AVISO_LGPD, "nota"))
    doc.blocos.append(tabela_classificacao(f, None if cargo is None else [cargo]))
    doc.blocos.extend(blocos_das_correcoes(f, cargo))
    return doc
