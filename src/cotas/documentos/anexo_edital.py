"""Anexo do edital: as vagas de cada cargo, as reservadas e as de ampla concorrência.

Quando a lei manda o edital trazer esse quadro, o documento cita o dispositivo com as palavras
dela (`[citacoes.quadro_no_edital]` nos dados da lei).
"""

from __future__ import annotations

from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import tabela_anexo
from cotas.documentos.texto import data_br, numero_e_extenso


def anexo_edital(f: FonteDocumentos) -> Documento:
    lei = f.regras.lei
    doc = Documento(
        "anexo-edital", "Anexo do edital — Quadro de vagas e reserva", f.nome, f.municipio
    )
    doc.blocos.append(
        Paragrafo(
            f"Edital publicado em {data_br(f.data_edital)}; {f.regras.tipo.descricao()}. "
            f"Lei aplicada: {lei.titulo}, em vigor desde {data_br(lei.vigencia_inicio)} "
            f"({f.regras.citacao_da_lei_aplicavel()})."
        )
    )
    quadro = lei.citacoes.get("quadro_no_edital")
    if quadro is not None:
        doc.blocos.append(Paragrafo(f"{quadro.citacao()}: “{quadro.texto}”", "nota"))
    doc.blocos.append(tabela_anexo(f))
    doc.blocos.append(Titulo("Reserva por cargo, por extenso"))
    for cargo in f.cargos:
        vagas = f.certame.cargos[cargo]
        r = f.reserva_do_edital(cargo)
        nome = f.nome_cargo(cargo)
        partes = []
        for g in f.regras.grupos:
            q = r.reservadas.get(g.nome, 0)
            partes.append(
                f"{numero_e_extenso(q)} {'reservada' if q == 1 else 'reservadas'} a {g.rotulo}"
            )
        doc.blocos.append(
            Paragrafo(
                f"Cargo {cargo}{f' — {nome}' if nome else ''}: {numero_e_extenso(vagas)} "
                f"{'vaga oferecida' if vagas == 1 else 'vagas oferecidas'}, das quais "
                + ", ".join(partes)
                + f" e {numero_e_extenso(r.ampla)} de ampla concorrência. "
                + " ".join(r.memoria[1:-1])
            )
        )
    doc.blocos.append(Titulo("Dispositivos aplicados"))
    vistos: set[str] = set()
    for g in f.regras.grupos:
        for chave in ("percentual", "limiar", "arredondamento", "teto", "fracao_entre_lotes"):
            for ref in g.ref(chave):
                if ref.citacao() in vistos:
                    continue
                vistos.add(ref.citacao())
                doc.blocos.append(Paragrafo(f"{ref.citacao()}: “{ref.texto}”", "nota"))
    for ref in f.regras.ref("alternancia"):
        doc.blocos.append(Paragrafo(f"{ref.citacao()}: “{ref.texto}”", "nota"))
    return doc
