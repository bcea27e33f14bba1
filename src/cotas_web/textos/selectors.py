"""Do banco aos textos para publicar (`cotas.documentos.atos`): quem cada ato alcança, o
fundamento com as palavras da lei (pelas regras do certame, que o motor lê dos dados da lei),
o modelo do órgão, o timbre e o carimbo (versão do certame, lei, data)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from cotas.documentos.ata import resultado_apos_recursos, resultado_em_palavras
from cotas.documentos.atos import (
    MODELOS_PADRAO,
    TIPOS,
    Assinatura,
    DadosDoAto,
    Modelo,
    texto_do_ato,
)
from cotas.documentos.documento import Carimbo, Documento
from cotas.documentos.tabelas import Tabela
from cotas.documentos.texto import cabecalho_municipio, data_br, nome_proprio, numero_e_extenso
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.certames.models import Certame
from cotas_web.certames.selectors import nomes_na_data, slug_do_certame
from cotas_web.comissao.models import Convocacao, Sessao
from cotas_web.comissao.selectors import ata_da_sessao, recursos_do_certame
from cotas_web.identidade.models import Orgao
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.ponte import leis
from cotas_web.ponte.tipos import Referencia

from .models import ModeloDeTexto


class TextoIndisponivel(LookupError):
    """O ato pedido não existe (uma portaria sem nomeações em vigor, uma sessão sem
    convocados): a mensagem diz qual."""


def modelo_do_tipo(tipo: str) -> tuple[Modelo, Assinatura]:
    """O modelo que o órgão gravou para o tipo; senão, o padrão (sem assinatura)."""
    gravado = ModeloDeTexto.objects.filter(tipo=tipo).first()
    if gravado is None:
        return MODELOS_PADRAO[tipo], Assinatura("", "")
    return (
        Modelo(gravado.titulo, gravado.corpo),
        Assinatura(gravado.signatario_nome, gravado.signatario_cargo),
    )


def carimbo_do_certame(certame: Certame) -> Carimbo:
    return Carimbo(versao_do_certame(certame.pk), certame.lei_titulo, timezone.localtime())


def timbre_do_orgao(certame: Certame) -> tuple[str, ...]:
    """O cabeçalho da identidade do órgão; sem ela, o do município do certame."""
    orgao = Orgao.atual()
    if orgao.nome:
        return tuple(x.upper() for x in (orgao.subordinacao, orgao.nome) if x)
    return tuple(x for x in cabecalho_municipio(certame.municipio) if x)


# ---------------------------------------------------------------- os atos


def _fundamentos_da_nomeacao(certame: Certame, nomeacoes: list[Nomeacao]) -> list[Referencia]:
    """A lei que rege o certame, a reserva de cada grupo, a concorrência concomitante (por que
    o nomeado vai pela lista que vai), a reserva das outras listas pelas quais a portaria nomeia
    (a de pessoas com deficiência, do edital) e a ordem (alternância)."""
    regras = leis.regras_do_certame(certame)
    refs = [*regras.lei.fundamentos_vigencia(certame.data_edital)]
    for grupo in regras.grupos_da_lei:
        refs += grupo.ref("percentual")
        refs += grupo.ref("concorrencia")
    listas = {n.modalidade for n in nomeacoes} | {n.reservada_para for n in nomeacoes}
    for lista in sorted(x for x in listas if x):
        if (outra := regras.grupo(lista)) is not None:
            refs += outra.ref("percentual")
    refs += regras.ref("alternancia")
    return list(dict.fromkeys(refs))


def _fundamentos_da_comissao(certame: Certame, *chaves: str) -> list[Referencia]:
    regra = leis.regras_do_certame(certame).comissao
    return list(regra.refs(*chaves)) if regra is not None else []


def nomeacoes_da_portaria(certame: Certame, portaria: str) -> list[Nomeacao]:
    """As nomeações em vigor que a portaria fez (uma ou várias: o lote numa portaria só)."""
    return list(
        Nomeacao.objects.filter(
            cargo__certame=certame, portaria=portaria, sem_efeito_em__isnull=True
        )
        .select_related("cargo", "candidato", "substitui__candidato")
        .order_by("cargo__codigo", "ordem")
    )


def portarias(certame: Certame) -> list[tuple[str, date, int]]:
    """As portarias de nomeação do certame: número, data e quantas nomeações em vigor."""
    vistas: dict[str, tuple[str, date, int]] = {}
    for n in Nomeacao.objects.filter(cargo__certame=certame, sem_efeito_em__isnull=True).order_by(
        "data_portaria", "pk"
    ):
        numero, dia, total = vistas.get(n.portaria, (n.portaria, n.data_portaria, 0))
        vistas[n.portaria] = (numero, dia, total + 1)
    return list(vistas.values())


def _cargos(nomeacoes: list[Nomeacao], nomes: dict[str, str]) -> str:
    """Os cargos da portaria com os nomes da data dela (`nomes_na_data`)."""
    return "; ".join(
        dict.fromkeys(f"{n.cargo.codigo} — {nomes[n.cargo.codigo]}" for n in nomeacoes)
    )


def dados_da_portaria(
    certame: Certame, portaria: str, tipo: str = "portaria-nomeacao", numero: str = ""
) -> DadosDoAto:
    nomeacoes = nomeacoes_da_portaria(certame, portaria)
    if not nomeacoes:
        raise TextoIndisponivel(f"Nenhuma nomeação em vigor pela portaria nº {portaria}.")
    tabela = Tabela(
        "nomeados",
        "Candidatos nomeados" if tipo == "portaria-nomeacao" else "Candidatos convocados",
        ("Ordem", "Cargo", "Vaga", "Inscrição", "Nome", "Lista"),
        [
            (
                f"{n.ordem}ª",
                n.cargo.codigo,
                n.vaga,
                n.candidato.inscricao,
                n.candidato.nome,
                n.modalidade_rotulo
                + (
                    f" (em substituição a {n.substitui.candidato.inscricao})" if n.substitui else ""
                ),
            )
            for n in nomeacoes
        ],
    )
    # Os nomes como eram na data da portaria: o ato publicado não muda com uma retificação.
    nome_do_certame, nomes = nomes_na_data(certame, nomeacoes[0].data_portaria)
    return DadosDoAto(
        tipo,
        nome_do_certame,
        certame.municipio,
        # O edital de convocação tem número próprio: sem ele, fica para preencher (antes levava
        # o da portaria, "EDITAL DE CONVOCAÇÃO Nº 210/2026").
        numero or (portaria if tipo == "portaria-nomeacao" else ""),
        nomeacoes[0].data_portaria,
        tabela,
        _fundamentos_da_nomeacao(certame, nomeacoes),
        {"cargo": _cargos(nomeacoes, nomes), "portaria": portaria},
    )


def _convocados(sessao: Sessao) -> list[Convocacao]:
    return list(
        sessao.convocacoes.filter(sem_efeito_em__isnull=True)
        .select_related("candidato__cargo")
        .order_by("candidato__cargo__codigo", "candidato__nome")
    )


def _campos_da_sessao(sessao: Sessao, certame: Certame) -> dict[str, str]:
    regra = leis.regras_do_certame(certame).comissao
    prazo = regra.recurso_prazo_dias if regra is not None else None
    return {
        "local": sessao.local,
        "data_sessao": data_br(sessao.data),
        "prazo_recurso": (
            f"{numero_e_extenso(prazo, feminino=False)} dias"
            if prazo
            else "o prazo do edital do certame"
        ),
    }


def dados_da_convocacao_da_comissao(
    certame: Certame, sessao: Sessao, numero: str, data: date | None
) -> DadosDoAto:
    convocados = _convocados(sessao)
    if not convocados:
        raise TextoIndisponivel("Nenhum candidato convocado para esta sessão.")
    tabela = Tabela(
        "convocados",
        "Candidatos convocados",
        ("Inscrição", "Nome", "Cargo"),
        [(c.candidato.inscricao, c.candidato.nome, c.candidato.cargo.codigo) for c in convocados],
    )
    return DadosDoAto(
        "convocacao-comissao",
        certame.nome,
        certame.municipio,
        numero,
        data,
        tabela,
        _fundamentos_da_comissao(certame, "momento", "registro_audiovisual", "nao_reconhecido"),
        _campos_da_sessao(sessao, certame),
    )


def dados_do_resultado(
    certame: Certame, sessao: Sessao | None, numero: str, data: date | None
) -> DadosDoAto:
    """O resultado preliminar (de uma sessão, antes dos recursos) ou o final (todas as sessões,
    depois dos recursos decididos)."""
    regra = leis.regras_do_certame(certame).comissao
    linhas: list[tuple[object, ...]] = []
    sessoes = [sessao] if sessao is not None else list(certame.sessoes.order_by("data", "pk"))
    # (Os recursos ficam no seu próprio registro; o resultado final os aplica aos pareceres.)
    recursos = recursos_do_certame(certame=certame) if sessao is None else []
    for s in sessoes:
        ata = ata_da_sessao(sessao=s)
        pareceres = {a.inscricao: a.resultado for a in ata.avaliacoes}
        finais = resultado_apos_recursos(pareceres, recursos)
        linhas += [
            (a.inscricao, a.nome, a.cargo, resultado_em_palavras(finais[a.inscricao], regra))
            for a in ata.avaliacoes
        ]
    if not linhas:
        raise TextoIndisponivel("Nenhum candidato verificado pela comissão.")
    tipo = "resultado-preliminar" if sessao is not None else "resultado-final"
    chaves = ("decisao", "nao_reconhecido", "recursos")
    campos = _campos_da_sessao(sessao, certame) if sessao is not None else {}
    if sessao is None and sessoes:
        campos["data_sessao"] = ", ".join(data_br(s.data) for s in sessoes)
    return DadosDoAto(
        tipo,
        certame.nome,
        certame.municipio,
        numero,
        data,
        Tabela(
            "resultado",
            "Resultado da verificação",
            ("Inscrição", "Nome", "Cargo", "Resultado"),
            linhas,
        ),
        _fundamentos_da_comissao(certame, *chaves),
        campos,
    )


def dados_da_homologacao(certame: Certame, numero: str, data: date | None) -> DadosDoAto:
    if certame.homologado_em is None:
        raise TextoIndisponivel("O certame ainda não foi homologado.")
    regras = leis.regras_do_certame(certame)
    tabela = Tabela(
        "cargos",
        "Cargos e vagas do edital",
        ("Cargo", "Nome", "Vagas do edital", "Candidatos"),
        [
            (c.codigo, c.nome, c.vagas_edital, c.candidatos.count())
            for c in certame.cargos.order_by("codigo")
        ],
    )
    return DadosDoAto(
        "homologacao",
        certame.nome,
        certame.municipio,
        numero,
        data or certame.homologado_em,
        tabela,
        [
            *regras.lei.fundamentos_vigencia(certame.data_edital),
            *_fundamentos_da_comissao(certame, "momento"),
        ],
        {},
    )


@dataclass(frozen=True)
class TextoGerado:
    documento: Documento
    nome_arquivo: str  # sem a extensão


def gerar(certame: Certame, dados: DadosDoAto) -> TextoGerado:
    """O texto do ato pelo modelo do órgão, com o timbre, quem assina e o carimbo."""
    from cotas.documentos.atos import nome_do_arquivo

    modelo, assinatura = modelo_do_tipo(dados.tipo)
    orgao = Orgao.atual()
    doc = texto_do_ato(
        dados,
        modelo,
        orgao=orgao.nome or nome_proprio(cabecalho_municipio(certame.municipio)[1]),
        timbre=timbre_do_orgao(certame),
        assinatura=assinatura,
        carimbo=carimbo_do_certame(certame),
    )
    return TextoGerado(doc, nome_do_arquivo(dados, slug_do_certame(certame)))


__all__ = ["TIPOS", "TextoIndisponivel", "gerar"]
