"""Anexo do edital: as vagas de cada cargo, as reservadas e as de ampla concorrência.

Montenegro, Lei 7.344/2025, art. 1º, § 4º: "A reserva de vagas a candidatos negros constará
expressamente dos editais dos concursos públicos, que deverão especificar o total de vagas
correspondentes à reserva para cada cargo ou emprego público oferecido."
"""

from __future__ import annotations

from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import tabela_anexo
from cotas.documentos.texto import data_br, numero_e_extenso
from cotas.motor.razoes import Referencia
from cotas.motor.reserva import calcular_reserva

# O dispositivo que manda o edital trazer o quadro, quando a lei o tem.
DISPOSITIVO_DO_QUADRO = {
    "montenegro-rs/lei-7344-2025": Referencia(
        "Lei 7.344/2025 de Montenegro/RS",
        "art. 1º, § 4º",
        "A reserva de vagas a candidatos negros constará expressamente dos editais dos "
        "concursos públicos, que deverão especificar o total de vagas correspondentes à "
        "reserva para cada cargo ou emprego público oferecido.",
    ),
}


def anexo_edital(f: FonteDocumentos) -> Documento:
    lei = f.regras.lei
    doc = Documento("anexo-edital", "Anexo do edital — Quadro de vagas e reserva", f.nome,
                    f.municipio)
    doc.blocos.append(
        Paragrafo(
            f"Edital publicado em {data_br(f.data_edital)}; {f.regras.tipo.descricao()}. "
            f"Lei aplicada: {lei.titulo}, em vigor desde {data_br(lei.vigencia_inicio)} "
            f"({f.regras.citacao_da_lei_aplicavel()})."
        )
    )
    quadro = DISPOSITIVO_DO_QUADRO.get(lei.id)
    if quadro is not None:
        doc.blocos.append(Paragrafo(f"{quadro.citacao()}: “{quadro.texto}”", "nota"))
    doc.blocos.append(tabela_anexo(f))
    doc.blocos.append(Titulo("Reserva por cargo, por extenso"))
    for cargo in f.cargos:
        vagas = f.certame.cargos[cargo]
        r = calcular_reserva(f.regras, vagas)
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
